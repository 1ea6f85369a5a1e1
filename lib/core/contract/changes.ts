/**
 * The catalogue of surface changes `verify` and `history diff` can report, each with what it
 * means, what it does not tell you, and whether it gates by default. A direction says which way
 * a claim moved: widening (the server now claims it may do more: a write where there was a read,
 * destruction where there was addition, the open world where the domain was closed, a new risky
 * tool), narrowing (less), neutral (different, not riskier by its hints), or review: text the
 * model reads changed (a description, title, argument description or the server's instructions).
 * Changed text is the "rug pull" (a server approved with one description that later sends
 * another, carrying orders to the model); it gates by default, and every output shows the words
 * before and after (text-change.ts).
 *
 * Prompts and resources carry no behaviour hints: reading a resource or getting a prompt is not a
 * tool call the model makes on its own. So none of their changes widens a claim, with one exception:
 * a resource (or template) that becomes active content (an MCP App or HTML, which a host renders and
 * runs) is widening. They gate `--fail-on widening` only then; `--fail-on any` gates every change.
 */
import { z } from 'zod';
import type { FindingDefinition } from '../finding';
import { textChangeSchema } from './text-change';

export const CHANGE_KINDS = [
  'tool-added',
  'tool-removed',
  'tool-renamed',
  'title-changed',
  'description-changed',
  'input-schema-changed',
  'output-schema-changed',
  'annotation-changed',
  'instructions-changed',
  'prompt-added',
  'prompt-removed',
  'prompt-description-changed',
  'prompt-arguments-changed',
  'prompt-changed',
  'resource-added',
  'resource-removed',
  'resource-description-changed',
  'resource-mime-type-changed',
  'resource-changed',
  'skill-added',
  'skill-removed',
  'skill-changed',
  'pin-broken',
  'payload-cap-exceeded',
  'behaviour-contradicted',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const DIRECTIONS = ['widening', 'narrowing', 'neutral', 'review'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** How each direction is written in every output. */
export const DIRECTION_LABELS: Record<Direction, string> = {
  widening: 'widening',
  narrowing: 'narrowing',
  neutral: 'neutral',
  review: 'changed text: review',
};

/**
 * What makes `verify` exit 1: widening changes and changed text (plus added/removed tools and broken
 * pins), any change, or nothing.
 */
export const FAIL_ON = ['widening', 'any', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** The lists beside the tools whose items a change can concern; resource-* kinds cover templates too. */
export const ITEM_TYPES = ['prompt', 'resource', 'resourceTemplate'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const changeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  direction: z.enum(DIRECTIONS),
  /** The tool it concerns (the new name for a rename), or null for a prompt, resource or surface-wide pin. */
  tool: z.string().nullable(),
  /** The prompt (by name), resource (by URI) or resource template (by URI template) it concerns. */
  item: z.object({ type: z.enum(ITEM_TYPES), id: z.string() }).optional(),
  /** One sentence, in words, saying what changed and what it means. */
  message: z.string(),
  /** The hint (annotation changes) or the pin (pin and cap changes) it is about. */
  subject: z.string().optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  /** The texts the change is about, each with its word diff and what the added words carry. */
  texts: z.array(textChangeSchema).optional(),
});
export type Change = z.infer<typeof changeSchema>;

/** A finding's definition without an id (its severity is for CI reports: SARIF level and security-severity). */
export interface ChangeDefinition extends Omit<FindingDefinition, 'id'> {
  kind: ChangeKind;
  /** Fails `verify --fail-on widening` even when its direction is not widening. */
  gatesWhateverDirection: boolean;
}

const SPEC_TOOLS = 'MCP specification, Server features: Tools (ToolAnnotations, tools/list)';
const CONTRACT_REF = 'mcp-hintcheck surface contract (docs/contracts.md)';
const SPEC_PROMPTS = 'MCP specification, Server features: Prompts (prompts/list)';
const SPEC_RESOURCES = 'MCP specification, Server features: Resources (resources/list, resources/templates/list)';
const NO_HINTS =
  'Prompts carry no behaviour hints: a prompt is chosen by the user, and its text reaches the model only then.';

const SPEC_SKILLS = 'SEP-2640 (MCP Skills extension): skills/list';

export const CHANGE_DEFINITIONS: Record<ChangeKind, ChangeDefinition> = {
  'skill-added': {
    kind: 'skill-added',
    title: 'Skill added',
    severity: 'medium',
    gatesWhateverDirection: false,
    meaning: 'The server serves a skill the contract does not pin: new instructions a host may load into the model.',
    doesNotTell: 'Whether the skill is benign: read its files.',
    reference: SPEC_SKILLS,
  },
  'skill-removed': {
    kind: 'skill-removed',
    title: 'Skill removed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'A skill the contract pins is no longer listed.',
    doesNotTell: 'Why: it may have been renamed (a new URI shows as removed and added).',
    reference: SPEC_SKILLS,
  },
  'skill-changed': {
    kind: 'skill-changed',
    title: 'Skill changed',
    severity: 'high',
    gatesWhateverDirection: false,
    meaning:
      "A pinned skill's description or one of its files changed (another SHA-256), or a file was added or removed: text the model reads changed since approval. Changed text to review.",
    doesNotTell: 'What the new file says: only the digests are pinned; read the file.',
    reference: SPEC_SKILLS,
  },
  'tool-added': {
    kind: 'tool-added',
    title: 'Tool added',
    severity: 'medium',
    gatesWhateverDirection: true,
    meaning:
      'The server lists a tool the contract does not. It is widening when the new tool is a destructive write or open-world (spec defaults applied): the agent can now do something nobody approved.',
    doesNotTell: 'Whether the tool is harmful: read what it does before approving the new surface.',
    reference: SPEC_TOOLS,
  },
  'tool-removed': {
    kind: 'tool-removed',
    title: 'Tool removed',
    severity: 'medium',
    gatesWhateverDirection: true,
    meaning:
      'A tool in the contract is no longer listed. The surface narrowed, but agents or prompts relying on it break.',
    doesNotTell: 'Whether it was renamed with other changes, or moved behind a sign-in.',
    reference: SPEC_TOOLS,
  },
  'tool-renamed': {
    kind: 'tool-renamed',
    title: 'Tool renamed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'A tool disappeared and another appeared whose definition is identical apart from its name.',
    doesNotTell: 'Why it was renamed: a new name can shadow a tool of another server an agent also uses.',
    reference: SPEC_TOOLS,
  },
  'title-changed': {
    kind: 'title-changed',
    title: 'Title changed',
    severity: 'medium',
    gatesWhateverDirection: false,
    meaning:
      'The title changed. People see it, and hosts may pass it to the model with the description: changed text to review.',
    doesNotTell: 'Anything about what the tool does.',
    reference: SPEC_TOOLS,
  },
  'description-changed': {
    kind: 'description-changed',
    title: 'Description changed',
    severity: 'high',
    gatesWhateverDirection: false,
    meaning:
      'The text the model reads to decide when and how to call the tool changed: changed text to review. A changed description can carry new orders to the model (the "rug pull": approved with one description, later sent with another). The words added are checked as a fresh audit checks text.',
    doesNotTell: 'Whether the new text is benign: read it; no heuristic finding proves nothing.',
    reference: SPEC_TOOLS,
  },
  'input-schema-changed': {
    kind: 'input-schema-changed',
    title: 'Input schema changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning:
      'The arguments the tool takes changed: which were added or removed, whose type or required flag changed. A changed argument description is text the model reads: changed text to review.',
    doesNotTell: 'Whether the tool now does more with them.',
    reference: SPEC_TOOLS,
  },
  'output-schema-changed': {
    kind: 'output-schema-changed',
    title: 'Output schema changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'The structured result the tool declares changed.',
    doesNotTell: 'What the results actually contain: they are text written by strangers.',
    reference: SPEC_TOOLS,
  },
  'annotation-changed': {
    kind: 'annotation-changed',
    title: 'Annotation changed',
    severity: 'high',
    gatesWhateverDirection: false,
    meaning:
      'A hint changed its effective value (after spec defaults) or where it came from. Widening: readOnlyHint true to false, destructiveHint false to true, idempotentHint true to false, openWorldHint false to true, including a hint removed so a riskier default applies.',
    doesNotTell:
      'What the tool really does: annotations are hints a server gives about itself, and a narrowing claim is no more verified than a widening one.',
    reference: SPEC_TOOLS,
  },
  'instructions-changed': {
    kind: 'instructions-changed',
    title: 'Instructions changed',
    severity: 'high',
    gatesWhateverDirection: false,
    meaning:
      "The server's instructions (initialize) changed: hosts put them into the model's context on every turn. Changed text to review.",
    doesNotTell: 'Whether the new text is benign: read it.',
    reference: 'MCP specification, Lifecycle: initialization (InitializeResult.instructions)',
  },
  'prompt-added': {
    kind: 'prompt-added',
    title: 'Prompt added',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: `The server lists a prompt the contract does not. Neutral: ${NO_HINTS}`,
    doesNotTell:
      'What the prompt puts into the conversation: its messages come from prompts/get, which was not called.',
    reference: SPEC_PROMPTS,
  },
  'prompt-removed': {
    kind: 'prompt-removed',
    title: 'Prompt removed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'A prompt in the contract is no longer listed. Narrowing; people or scripts that use it break.',
    doesNotTell: 'Whether it was renamed: a prompt has no shape to match a new name against.',
    reference: SPEC_PROMPTS,
  },
  'prompt-description-changed': {
    kind: 'prompt-description-changed',
    title: 'Prompt description changed',
    severity: 'medium',
    gatesWhateverDirection: false,
    meaning: 'The text shown for a prompt changed. Clients may pass it to the model; it can carry instructions.',
    doesNotTell: 'Whether the new text is benign: read it.',
    reference: SPEC_PROMPTS,
  },
  'prompt-arguments-changed': {
    kind: 'prompt-arguments-changed',
    title: 'Prompt arguments changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: "A prompt's arguments changed: names added or removed, required flags or their descriptions.",
    doesNotTell: 'What the prompt does with them: its messages were not read.',
    reference: SPEC_PROMPTS,
  },
  'prompt-changed': {
    kind: 'prompt-changed',
    title: 'Prompt changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'Another field of a prompt changed (its title, icons or _meta): its hash differs from the contract.',
    doesNotTell: 'Anything about what the prompt does.',
    reference: SPEC_PROMPTS,
  },
  'resource-added': {
    kind: 'resource-added',
    title: 'Resource added',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning:
      'The server lists a resource or resource template the contract does not. Resources carry no behaviour hints, so a new one widens nothing, unless it is active content (an MCP App UI resource or HTML) that a host may render and run: that is widening.',
    doesNotTell: 'What the resource contains: resources/read was not called.',
    reference: SPEC_RESOURCES,
  },
  'resource-removed': {
    kind: 'resource-removed',
    title: 'Resource removed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'A resource or resource template in the contract is no longer listed. Narrowing.',
    doesNotTell: 'Whether it moved to another URI, or is still readable without being listed.',
    reference: SPEC_RESOURCES,
  },
  'resource-description-changed': {
    kind: 'resource-description-changed',
    title: 'Resource description changed',
    severity: 'medium',
    gatesWhateverDirection: false,
    meaning: 'The text describing a resource or template changed. Clients may pass it to the model.',
    doesNotTell: 'Whether the new text is benign: read it.',
    reference: SPEC_RESOURCES,
  },
  'resource-mime-type-changed': {
    kind: 'resource-mime-type-changed',
    title: 'Resource MIME type changed',
    severity: 'medium',
    gatesWhateverDirection: false,
    meaning:
      'The declared MIME type of a resource or template changed. Widening when it became active content (an MCP App or HTML) a host may render and run; narrowing when it stopped being; otherwise neutral.',
    doesNotTell: 'What the content really is: the MIME type is a claim, and the content was not read.',
    reference: SPEC_RESOURCES,
  },
  'resource-changed': {
    kind: 'resource-changed',
    title: 'Resource changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning:
      'Another field of a resource or template changed (its name, title, size, annotations, icons or _meta): its hash differs from the contract.',
    doesNotTell: 'Whether its content changed: resources/read was not called.',
    reference: SPEC_RESOURCES,
  },
  'pin-broken': {
    kind: 'pin-broken',
    title: 'Count pin broken',
    severity: 'medium',
    gatesWhateverDirection: true,
    meaning:
      'A count the contract pins (toolCount, destructiveToolCount, openWorldToolCount) differs from the live surface, with the spec defaults applied.',
    doesNotTell: 'Which tools moved: see the per-tool changes when the contract lists tools.',
    reference: CONTRACT_REF,
  },
  'payload-cap-exceeded': {
    kind: 'payload-cap-exceeded',
    title: 'Payload cap exceeded',
    severity: 'medium',
    gatesWhateverDirection: true,
    meaning:
      'The tool definitions as advertised are larger than the contract allows (UTF-8 bytes, or estimated o200k_base tokens). Every one of them is sent into the model context.',
    doesNotTell: 'The exact token cost in your host: hosts strip fields and use other tokenizers.',
    reference: CONTRACT_REF,
  },
  'behaviour-contradicted': {
    kind: 'behaviour-contradicted',
    title: 'Exercised clean, now contradicted',
    severity: 'high',
    gatesWhateverDirection: true,
    meaning:
      'The contract pins the tool as "exercised: nothing contradicted the hints" (audit --exercise when it was written), and the live audit, exercised too, saw it do what its hints deny.',
    doesNotTell:
      'Which change in the server caused it, or whether the earlier run simply never took that path: one set of arguments is tried each time.',
    reference: CONTRACT_REF,
  },
};

/** Whether a change fails the gate at this --fail-on level. */
export function failsGate(change: Pick<Change, 'kind' | 'direction'>, failOn: FailOn): boolean {
  switch (failOn) {
    case 'none':
      return false;
    case 'any':
      return true;
    case 'widening':
      return (
        change.direction === 'widening' ||
        change.direction === 'review' ||
        CHANGE_DEFINITIONS[change.kind].gatesWhateverDirection
      );
  }
}

const DIRECTION_ORDER: Record<Direction, number> = { widening: 0, review: 1, neutral: 2, narrowing: 3 };
const SUBJECT_ORDER = { tool: 0, prompt: 1, resource: 2, resourceTemplate: 3, pin: 4 } as const;

/** What a change is about, for sorting: tools, then prompts, resources, templates, then pins. */
function subjectOf(change: Change): [number, string] {
  if (change.tool !== null) return [SUBJECT_ORDER.tool, change.tool];
  if (change.item !== undefined) return [SUBJECT_ORDER[change.item.type], change.item.id];
  return [SUBJECT_ORDER.pin, ''];
}

/**
 * Widening first, then changed text, neutral, narrowing; within each, tools by name, then prompts, resources
 * and templates by identity, surface-wide pins last.
 */
export function compareChanges(a: Change, b: Change): number {
  const direction = DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction];
  if (direction !== 0) return direction;
  const [aGroup, aId] = subjectOf(a);
  const [bGroup, bId] = subjectOf(b);
  if (aGroup !== bGroup) return aGroup - bGroup;
  if (aGroup === SUBJECT_ORDER.pin) return 0;
  return aId < bId ? -1 : aId > bId ? 1 : CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind);
}
