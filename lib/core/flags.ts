/**
 * The flag catalogue: every finding the audit can raise about a tool, with a stable id, a
 * severity, and an explanation of what it means and what it does not. Hints are self-reported
 * (MCP spec, ToolAnnotations: "clients MUST consider tool annotations to be untrusted unless they
 * come from trusted servers"), so flags describe claims, never verified behaviour; the one exception
 * is the behaviour findings of a sandboxed exercise (exercise/definitions.ts), which describe what a call did.
 */
import { z } from 'zod';
import {
  HINT_DEFINITIONS,
  HINTS,
  describeValue,
  isAdditiveWrite,
  isDestructive,
  isOpenWorld,
  isReadOnly,
  type AnnotationAnalysis,
  type HintName,
} from './annotations';
import { confirmationField, toolNameProblem } from './tool-shape';
import { SIGNAL_FINDING_DEFINITIONS, SIGNAL_FINDING_IDS } from './signals/definitions';
import { mentionedTools } from './signals/mentioned-tools';
import { toolSignalFindings } from './signals/tool-signals';
import { hiddenCharacters } from './hidden-characters';
import { SEVERITIES, type Severity } from './severity';
import { SURFACE_FINDING_DEFINITIONS, SURFACE_FINDING_IDS } from './surface/definitions';
import { BEHAVIOUR_FINDING_DEFINITIONS, BEHAVIOUR_FINDING_IDS } from './exercise/definitions';
import { toolSurfaceFindings, type SurfaceContext } from './surface/tool-findings';

export { SEVERITIES, confirmationField, hiddenCharacters, toolNameProblem, type Severity };

export const FLAG_IDS = [
  'unannotated',
  'partially-annotated',
  'malformed-annotation',
  'non-standard-annotation-keys',
  'destructive-write',
  'additive-write',
  'open-world-write',
  'open-world-read',
  'read-only-destructive-conflict',
  'confirmation-required',
  'duplicate-tool-name',
  'invalid-tool-name',
  'invalid-input-schema',
  'hidden-characters',
  ...SURFACE_FINDING_IDS,
  ...SIGNAL_FINDING_IDS,
  ...BEHAVIOUR_FINDING_IDS,
] as const;
export type FlagId = (typeof FLAG_IDS)[number];

export const flagSchema = z.object({ id: z.enum(FLAG_IDS), severity: z.enum(SEVERITIES), message: z.string() });
export type Flag = z.infer<typeof flagSchema>;

export const flagDefinitionSchema = z.object({
  id: z.enum(FLAG_IDS),
  /** The highest severity this flag is raised with. */
  severity: z.enum(SEVERITIES),
  title: z.string(),
  /** What the finding means, in the spec's terms. */
  meaning: z.string(),
  /** The default that applies, where one does. */
  default: z.string().nullable(),
  /** What the finding does not tell you. */
  doesNotTell: z.string(),
  reference: z.string(),
});
export type FlagDefinition = z.infer<typeof flagDefinitionSchema>;

const SPEC_TOOLS = 'MCP specification, Server features: Tools (ToolAnnotations)';

export const FLAG_DEFINITIONS: Record<FlagId, FlagDefinition> = {
  unannotated: {
    id: 'unannotated',
    severity: 'high',
    title: 'Declares no annotations',
    meaning:
      'The tool sends no annotations at all. The spec defaults then make it a write (readOnlyHint false) that may be destructive (destructiveHint true) and may reach external systems (openWorldHint true).',
    default: 'readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true',
    doesNotTell:
      'That the tool is dangerous: only that the server says nothing about it. Silence is not safety, and a client that shows it as "no warnings" turns silence into reassurance. Read what the tool does.',
    reference: SPEC_TOOLS,
  },
  'partially-annotated': {
    id: 'partially-annotated',
    severity: 'medium',
    title: 'Some hints that apply come from defaults',
    meaning:
      'The tool declares some annotations, but a hint that applies to it was not sent (or was malformed), so part of its classification comes silently from the spec defaults. A title-only tool counts as annotated in a naive count while declaring nothing about risk. A read-only tool that omits destructiveHint and idempotentHint is not flagged: those hints do not apply to it. (The summary\'s "partially annotated" count keeps the strict definition: any of the four hints not a boolean.)',
    default: 'readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true',
    doesNotTell: 'Whether the server meant the default or simply forgot the hint.',
    reference: SPEC_TOOLS,
  },
  'malformed-annotation': {
    id: 'malformed-annotation',
    severity: 'medium',
    title: 'Malformed annotation',
    meaning:
      'A hint is present but is not a boolean (for example the string "true"), or annotations is not an object. The hint is treated as absent and its default applies, as the strict reading of the spec requires; other clients may read it differently, or reject the whole tool list.',
    default: 'The default of the malformed hint',
    doesNotTell: 'What the server meant. Ask its authors to send booleans.',
    reference: SPEC_TOOLS,
  },
  'non-standard-annotation-keys': {
    id: 'non-standard-annotation-keys',
    severity: 'info',
    title: 'Non-standard annotation keys',
    meaning:
      'annotations carries keys the spec does not define (it defines title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint). Clients ignore them; strict SDKs drop them before your code sees them.',
    default: null,
    doesNotTell: "Anything a client will act on: these keys are the server's own vocabulary.",
    reference: SPEC_TOOLS,
  },
  'destructive-write': {
    id: 'destructive-write',
    severity: 'high',
    title: 'Destructive write',
    meaning:
      'The tool may modify its environment and may perform destructive updates: it is not read-only and destructiveHint is not false (true, or absent and defaulted to true).',
    default: 'destructiveHint defaults to true for any tool that is not read-only',
    doesNotTell: 'What it destroys, or whether the server asks for confirmation first.',
    reference: SPEC_TOOLS,
  },
  'additive-write': {
    id: 'additive-write',
    severity: 'medium',
    title: 'Write that declares itself additive',
    meaning:
      'The tool modifies its environment and declares destructiveHint false: it claims to add, never overwrite or delete.',
    default: 'destructiveHint defaults to true: additive is always an explicit claim',
    doesNotTell:
      'Whether the addition is one you want. Additive is not harmless: a "create webhook" tool overwrites nothing and can turn your data into an outbound feed.',
    reference: SPEC_TOOLS,
  },
  'open-world-write': {
    id: 'open-world-write',
    severity: 'high',
    title: 'Write that reaches an open world',
    meaning:
      'The tool modifies its environment and may interact with external entities (openWorldHint true or defaulted to true).',
    default: 'openWorldHint defaults to true',
    doesNotTell: 'Which external service it reaches, or what leaves with the request.',
    reference: SPEC_TOOLS,
  },
  'open-world-read': {
    id: 'open-world-read',
    severity: 'low',
    title: 'Reads from an open world',
    meaning:
      'The tool is read-only but may interact with external entities: what it returns can be text written by strangers (a prompt-injection path into the agent).',
    default: 'openWorldHint defaults to true',
    doesNotTell: 'What it reads, or where the agent puts it next.',
    reference: SPEC_TOOLS,
  },
  'read-only-destructive-conflict': {
    id: 'read-only-destructive-conflict',
    severity: 'medium',
    title: 'Read-only and destructive at once',
    meaning:
      'The tool declares readOnlyHint true and destructiveHint true. destructiveHint is meaningful only when readOnlyHint is false, so it is ignored, but the contradiction says the annotations were not written with care.',
    default: null,
    doesNotTell: 'Which of the two claims is true.',
    reference: SPEC_TOOLS,
  },
  'confirmation-required': {
    id: 'confirmation-required',
    severity: 'info',
    title: 'Asks for a confirmation token',
    meaning:
      'The input schema declares a confirmation token argument (such as confirmationToken): the server gates this call behind a separate confirmation step.',
    default: null,
    doesNotTell: 'Who can produce the token, or whether a human sees the action before it happens.',
    reference: 'Server-side write gates (see the source article)',
  },
  'duplicate-tool-name': {
    id: 'duplicate-tool-name',
    severity: 'high',
    title: 'Duplicate tool name',
    meaning:
      'Several tools share this name. Tool names must be unique within a server; a client calls tools by name, so which one runs is up to the server.',
    default: null,
    doesNotTell: 'Which of the listed definitions the server will actually execute.',
    reference: 'MCP specification 2025-11-25, Tools: tool names',
  },
  'invalid-tool-name': {
    id: 'invalid-tool-name',
    severity: 'medium',
    title: 'Tool name outside the spec',
    meaning:
      'Tool names should be 1 to 128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot. Other names may break clients or hide look-alike characters.',
    default: null,
    doesNotTell: 'Whether the tool is malicious: only that its name does not follow the guidance.',
    reference: 'MCP specification 2025-11-25, Tools: tool names',
  },
  'invalid-input-schema': {
    id: 'invalid-input-schema',
    severity: 'medium',
    title: 'Input schema is not an object schema',
    meaning: 'inputSchema must be a JSON Schema object describing the arguments (type "object").',
    default: null,
    doesNotTell: 'What arguments the tool really accepts.',
    reference: 'MCP specification, Tools: Tool.inputSchema',
  },
  'hidden-characters': {
    id: 'hidden-characters',
    severity: 'high',
    title: 'Invisible or direction-changing characters',
    meaning:
      'The name, title or description, or a title or description inside inputSchema or outputSchema (what the model reads about each argument), contains zero-width, bidirectional-control or Unicode tag characters. A person reading the text does not see them; a model reads them. They are a known way to hide instructions in a tool description.',
    default: null,
    doesNotTell: 'What the hidden text says: inspect the raw JSON.',
    reference: 'MCP security best practices (tool poisoning)',
  },
  ...SURFACE_FINDING_DEFINITIONS,
  ...BEHAVIOUR_FINDING_DEFINITIONS,
  ...SIGNAL_FINDING_DEFINITIONS,
};

/** Ranks severities for sorting: high first. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** Everything flagsForTool needs to know about one tool, computed by the report builder. */
export interface ToolFacts {
  name: unknown;
  analysis: AnnotationAnalysis;
  inputSchema: unknown;
  /** How many tools in the whole listing share this tool's name. */
  nameCount: number;
  texts: { field: string; text: string }[];
  /**
   * The titles and descriptions inside inputSchema and outputSchema (lib/core/surface/schema-texts.ts):
   * checked for hidden characters and size like the tool's own texts, but not read for the signals
   * (an argument that says "token from prepare_action" is a confirmation flow, not a steer).
   */
  schemaTexts?: { field: string; text: string }[];
  /** The raw tool, for the surface checks (icons, outputSchema, _meta, x-mcp-header, $ref). */
  raw?: Record<string, unknown>;
  /** Where the server lives, for the icon-domain check. */
  context?: SurfaceContext;
  /** Every tool name in the listing (for mentions of other tools); none when absent. */
  allNames?: readonly string[];
  /** The other tools its prose names, when the caller has found them already (mentionedIn). */
  mentioned?: readonly string[];
}

/** The tool's own prose the signals read: every text but its name. */
export function toolProse(texts: readonly { field: string; text: string }[]): string[] {
  return texts.filter(({ field }) => field !== 'name').map(({ text }) => text);
}

/** The other tools of the listing that a tool's prose names (the mentions-other-tool signal). */
export function mentionedIn(facts: Pick<ToolFacts, 'name' | 'texts' | 'allNames'>): string[] {
  const ownName = typeof facts.name === 'string' ? facts.name : '';
  return mentionedTools(ownName, toolProse(facts.texts), facts.allNames ?? []);
}

function hintList(hints: readonly HintName[]): string {
  return hints.join(', ');
}

function sourcePhrase(analysis: AnnotationAnalysis, hint: HintName): string {
  const { source, value } = analysis.effective[hint];
  if (source === 'declared') return `${hint} is ${String(value)}`;
  if (source === 'malformed') return `${hint} is malformed, so the default ${String(value)} applies`;
  return `${hint} is absent and defaults to ${String(value)}`;
}

/** All flags for one tool, most severe first. */
export function flagsForTool(facts: ToolFacts): Flag[] {
  const { analysis } = facts;
  const { effective } = analysis;
  const flags: Flag[] = [];
  const add = (id: FlagId, message: string, severity: Severity = FLAG_DEFINITIONS[id].severity): void => {
    flags.push({ id, severity, message });
  };

  if (analysis.state === 'unannotated') {
    add('unannotated', 'Declares no annotations: by the spec defaults it is a destructive, open-world write.');
  } else if (analysis.state === 'partial') {
    // Only hints that apply count: destructiveHint and idempotentHint mean nothing for a read-only tool.
    const defaulted = HINTS.filter(
      (hint) => effective[hint].source === 'default' || effective[hint].source === 'malformed',
    );
    if (defaulted.length > 0) {
      const declared = HINTS.filter((hint) => effective[hint].source === 'declared');
      const parts = [declared.length > 0 ? `Declares ${hintList(declared)}` : 'Declares no hint'];
      parts.push(
        `defaults apply to ${defaulted.map((hint) => `${hint} (${String(effective[hint].value)})`).join(', ')}`,
      );
      add('partially-annotated', `${parts.join('; ')}.`);
    }
  }

  const malformed: string[] = [];
  if (analysis.containerProblem !== null) malformed.push(analysis.containerProblem);
  for (const hint of analysis.malformedHints) {
    const def = HINT_DEFINITIONS[hint];
    malformed.push(
      `annotations.${hint} is ${describeValue(effective[hint].sent)}, not a boolean (default ${String(def.defaultValue)} applies)`,
    );
  }
  if (malformed.length > 0) add('malformed-annotation', `${malformed.join('; ')}.`);

  if (analysis.nonStandardKeys.length > 0) {
    const keys = analysis.nonStandardKeys;
    add(
      'non-standard-annotation-keys',
      `annotations has keys the spec does not define: ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}.`,
    );
  }

  if (isDestructive(effective)) {
    add('destructive-write', `May modify and destroy: ${sourcePhrase(analysis, 'destructiveHint')}.`);
  } else if (isAdditiveWrite(effective)) {
    add(
      'additive-write',
      'Writes, and declares its changes additive (destructiveHint false). Additive is not harmless.',
    );
  }
  if (isOpenWorld(effective)) {
    if (isReadOnly(effective)) {
      add('open-world-read', `Reads from an open world: ${sourcePhrase(analysis, 'openWorldHint')}.`);
    } else {
      add('open-world-write', `Writes and may reach external entities: ${sourcePhrase(analysis, 'openWorldHint')}.`);
    }
  }
  if (
    effective.readOnlyHint.source === 'declared' &&
    effective.readOnlyHint.value &&
    effective.destructiveHint.sent === true
  ) {
    add('read-only-destructive-conflict', 'Declares readOnlyHint true and destructiveHint true; readOnlyHint wins.');
  }

  const confirmation = confirmationField(facts.inputSchema);
  if (confirmation !== null) {
    add(
      'confirmation-required',
      `Input schema asks for "${confirmation}": the server gates this call behind a confirmation.`,
    );
  }
  if (facts.nameCount > 1) {
    add('duplicate-tool-name', `${facts.nameCount} tools in this list share this name.`);
  }
  const nameProblem = toolNameProblem(facts.name);
  if (nameProblem !== null) add('invalid-tool-name', `The ${nameProblem}.`);

  const schema = facts.inputSchema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    add('invalid-input-schema', `inputSchema is ${describeValue(schema)}, not a JSON Schema object.`);
  } else if ('type' in schema && schema.type !== 'object') {
    add('invalid-input-schema', `inputSchema has type ${JSON.stringify(schema.type)}, not "object".`);
  }

  const checked = [...facts.texts, ...(facts.schemaTexts ?? [])];
  const hidden = checked
    .map(({ field, text }) => ({ field, ...hiddenCharacters(text) }))
    .filter((entry) => entry.count > 0);
  if (hidden.length > 0) {
    add(
      'hidden-characters',
      `Invisible characters in ${hidden.map((h) => `${h.field} (${h.count}: ${h.labels.slice(0, 4).join(', ')})`).join('; ')}.`,
    );
  }

  if (facts.raw !== undefined) flags.push(...toolSurfaceFindings(facts.raw, checked, facts.context ?? {}));
  // Signals in the tool itself (lib/core/signals/): heuristics on its own words and arguments.
  const mentioned = facts.mentioned ?? mentionedIn(facts);
  if (mentioned.length > 0) {
    add(
      'mentions-other-tool',
      `Its text names ${mentioned.length === 1 ? 'another tool' : 'other tools'} of this server: ${mentioned.slice(0, 5).join(', ')}${mentioned.length > 5 ? ', …' : ''}.`,
    );
  }
  flags.push(...toolSignalFindings(typeof facts.name === 'string' ? facts.name : '', toolProse(facts.texts), schema));

  return flags.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}
