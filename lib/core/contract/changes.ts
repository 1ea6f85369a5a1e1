/**
 * The catalogue of surface changes `verify` and `history diff` can report, each with what it
 * means, what it does not tell you, and whether it gates by default. A direction says which way
 * a claim moved: widening (the server now claims it may do more: a write where there was a read,
 * destruction where there was addition, the open world where the domain was closed, a new risky
 * tool), narrowing (less), or neutral (different, not riskier by its hints).
 */
import { z } from 'zod';
import type { Severity } from '../flags';

export const CHANGE_KINDS = [
  'tool-added',
  'tool-removed',
  'tool-renamed',
  'title-changed',
  'description-changed',
  'input-schema-changed',
  'output-schema-changed',
  'annotation-changed',
  'pin-broken',
  'payload-cap-exceeded',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const DIRECTIONS = ['widening', 'narrowing', 'neutral'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** What makes `verify` exit 1: widening changes (plus added/removed tools and broken pins), any change, or nothing. */
export const FAIL_ON = ['widening', 'any', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export const changeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  direction: z.enum(DIRECTIONS),
  /** The tool it concerns (the new name for a rename), or null for a surface-wide pin. */
  tool: z.string().nullable(),
  /** One sentence, in words, saying what changed and what it means. */
  message: z.string(),
  /** The hint (annotation changes) or the pin (pin and cap changes) it is about. */
  subject: z.string().optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type Change = z.infer<typeof changeSchema>;

export interface ChangeDefinition {
  kind: ChangeKind;
  title: string;
  /** Severity for CI reports (SARIF level and security-severity). */
  severity: Severity;
  /** Fails `verify --fail-on widening` even when its direction is not widening. */
  gatesWhateverDirection: boolean;
  meaning: string;
  doesNotTell: string;
  reference: string;
}

const SPEC_TOOLS = 'MCP specification, Server features: Tools (ToolAnnotations, tools/list)';
const CONTRACT_REF = 'mcp-hintcheck surface contract (docs/contracts.md)';

export const CHANGE_DEFINITIONS: Record<ChangeKind, ChangeDefinition> = {
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
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'The display name people see changed.',
    doesNotTell: 'Anything about what the tool does.',
    reference: SPEC_TOOLS,
  },
  'description-changed': {
    kind: 'description-changed',
    title: 'Description changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning:
      'The text the model reads to decide when and how to call the tool changed. A changed description can carry new instructions to the model.',
    doesNotTell: 'Whether the new text is benign: read it.',
    reference: SPEC_TOOLS,
  },
  'input-schema-changed': {
    kind: 'input-schema-changed',
    title: 'Input schema changed',
    severity: 'low',
    gatesWhateverDirection: false,
    meaning: 'The arguments the tool takes changed (names, types, required fields or their descriptions).',
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
};

/** Whether a change fails the gate at this --fail-on level. */
export function failsGate(change: Pick<Change, 'kind' | 'direction'>, failOn: FailOn): boolean {
  switch (failOn) {
    case 'none':
      return false;
    case 'any':
      return true;
    case 'widening':
      return change.direction === 'widening' || CHANGE_DEFINITIONS[change.kind].gatesWhateverDirection;
  }
}

const DIRECTION_ORDER: Record<Direction, number> = { widening: 0, neutral: 1, narrowing: 2 };

/** Widening first, then neutral, then narrowing; within each, tools by name, surface-wide pins last. */
export function compareChanges(a: Change, b: Change): number {
  const direction = DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction];
  if (direction !== 0) return direction;
  if (a.tool === null || b.tool === null) return a.tool === b.tool ? 0 : a.tool === null ? 1 : -1;
  return a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind);
}
