/**
 * Drift: the live surface (a contract built from a fresh Report) against an approved contract or a
 * pins-only file; prompts, resources and templates are compared in item-drift.ts. Every change is classified (changes.ts) and explained in words; `verify`,
 * `history diff` and the dashboard's diff view all call compareSurface, so they agree.
 */
import { skillChanges } from './skill-drift';
import { z } from 'zod';
import { HINT_DEFINITIONS, type HintName } from '../annotations';
import { formatBytes } from '../bytes';
import { TOKEN_ENCODING } from '../token-encoding';
import { argumentDrift } from './arguments';
import { changeSchema, compareChanges, type Change, type Direction } from './changes';
import { itemChanges } from './item-drift';
import { findingsSentence, textChange } from './text-change';
import type { Contract, ContractFile, ContractTool, ContractToolIdentity, Pins } from './schema';

export const driftSchema = z.object({
  /** What the live surface was compared with. */
  baseline: z.enum(['contract', 'pins']),
  server: z.object({
    before: z.object({ name: z.string().nullable(), version: z.string().nullable() }).nullable(),
    after: z.object({ name: z.string().nullable(), version: z.string().nullable() }),
  }),
  changes: z.array(changeSchema),
  /** Lists that could not be compared, and why (e.g. a version 1 contract records no prompts). */
  notes: z.array(z.string()),
  counts: z.object({
    widening: z.number().int(),
    narrowing: z.number().int(),
    neutral: z.number().int(),
    /** Changed text to review (drift saved before this class existed has none). */
    review: z.number().int().default(0),
  }),
});
export type Drift = z.infer<typeof driftSchema>;

const CLASS_WORDS: Record<ContractTool['class'], string> = {
  'read-only': 'read-only',
  'additive-write': 'an additive write',
  'destructive-write': 'a destructive write',
};

const q = (name: string): string => JSON.stringify(name);

/** "a destructive, open-world write", "a read-only, closed-world tool" */
function describeTool(tool: ContractToolIdentity): string {
  const world = tool.openWorld ? 'open-world' : 'closed-world';
  return tool.class === 'read-only' ? `a read-only, ${world} tool` : `${CLASS_WORDS[tool.class]} (${world})`;
}

/** How a hint got its value now, in words. */
function hintOrigin(tool: ContractToolIdentity, hint: HintName): string {
  const value = tool.effective[hint];
  if (tool.declaredHints.includes(hint)) return `${hint} is declared ${String(value)}`;
  return `${hint} is not declared, so the spec default ${String(HINT_DEFINITIONS[hint].defaultValue)} applies`;
}

/** The riskier value of each hint (MCP ToolAnnotations defaults are the risky side). */
const RISKY: Record<HintName, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

function hintChanges(before: ContractToolIdentity, after: ContractToolIdentity): Change[] {
  const changes: Change[] = [];
  const name = after.name;
  const push = (hint: HintName, direction: Direction, message: string): void => {
    changes.push({
      kind: 'annotation-changed',
      direction,
      tool: name,
      message,
      subject: hint,
      before: { [hint]: before.effective[hint], declared: before.declaredHints.includes(hint) },
      after: { [hint]: after.effective[hint], declared: after.declaredHints.includes(hint) },
    });
  };
  const hints: HintName[] =
    before.effective.readOnlyHint !== after.effective.readOnlyHint || after.class === 'read-only'
      ? ['readOnlyHint', 'openWorldHint']
      : ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
  for (const hint of hints) {
    const was = before.effective[hint];
    const now = after.effective[hint];
    const wasDeclared = before.declaredHints.includes(hint);
    const nowDeclared = after.declaredHints.includes(hint);
    if (was !== now) {
      const direction: Direction = now === RISKY[hint] ? 'widening' : 'narrowing';
      const removed = wasDeclared && !nowDeclared ? ' (the hint was removed)' : '';
      const what =
        hint === 'readOnlyHint'
          ? `was ${describeTool(before)}, is now ${describeTool(after)}`
          : `${hint} went from ${String(was)} to ${String(now)}`;
      push(hint, direction, `${q(name)} ${what}: ${hintOrigin(after, hint)}${removed}.`);
    } else if (wasDeclared !== nowDeclared) {
      push(
        hint,
        'neutral',
        wasDeclared
          ? `${q(name)} no longer declares ${hint}; the spec default ${String(HINT_DEFINITIONS[hint].defaultValue)} gives the same value.`
          : `${q(name)} now declares ${hint} ${String(now)}, the value the default gave before.`,
      );
    }
  }
  if (changes.length === 0 && before.hashes.annotations !== after.hashes.annotations) {
    changes.push({
      kind: 'annotation-changed',
      direction: 'neutral',
      tool: name,
      message: `The annotations of ${q(name)} changed (title or keys outside the spec) without changing any hint.`,
      before: before.declared,
      after: after.declared,
    });
  }
  return changes;
}

function toolChanges(
  before: ContractToolIdentity,
  after: ContractToolIdentity,
  toolNames: readonly string[],
): Change[] {
  if (before.hashes.tool === after.hashes.tool) return [];
  const name = after.name;
  const changes: Change[] = [];
  const title = textChange('title', before.title, after.title, toolNames);
  if (title !== null) {
    changes.push({
      kind: 'title-changed',
      direction: 'review',
      tool: name,
      message: `The title of ${q(name)} changed from ${q(before.title ?? '(none)')} to ${q(after.title ?? '(none)')}.${findingsSentence([title])}`,
      before: before.title,
      after: after.title,
      texts: [title],
    });
  }
  const description = textChange('description', before.description, after.description, toolNames);
  if (description !== null) {
    changes.push({
      kind: 'description-changed',
      direction: 'review',
      tool: name,
      message: `The description of ${q(name)} changed: the model reads it, so read the words added and removed.${findingsSentence([description])}`,
      before: before.description,
      after: after.description,
      texts: [description],
    });
  }
  if (before.hashes.inputSchema !== after.hashes.inputSchema) {
    const args =
      before.arguments === undefined || after.arguments === undefined
        ? null
        : argumentDrift(before.arguments, after.arguments, toolNames);
    const what =
      args === null
        ? 'its arguments are not what was approved (the baseline does not record them one by one)'
        : args.phrases.length > 0
          ? args.phrases.join('; ')
          : 'the same arguments, names, types, required flags and descriptions; other keywords of the schema changed';
    changes.push({
      kind: 'input-schema-changed',
      direction: args !== null && args.texts.length > 0 ? 'review' : 'neutral',
      tool: name,
      message: `The input schema of ${q(name)} changed: ${what}.${findingsSentence(args?.texts ?? [])}`,
      ...(args === null ? {} : { before: before.arguments, after: after.arguments }),
      ...(args === null || args.texts.length === 0 ? {} : { texts: args.texts }),
    });
  }
  if (before.hashes.outputSchema !== after.hashes.outputSchema) {
    changes.push({
      kind: 'output-schema-changed',
      direction: 'neutral',
      tool: name,
      message: `The output schema of ${q(name)} ${after.hashes.outputSchema === null ? 'was removed' : before.hashes.outputSchema === null ? 'was added' : 'changed'}.`,
    });
  }
  changes.push(...hintChanges(before, after));
  return changes;
}

interface Live {
  counts: Contract['counts'];
  payload: Contract['payload'];
}

function pinChanges(pins: Pins, live: Live): Change[] {
  const changes: Change[] = [];
  const checks: [keyof Pins, number, string][] = [
    ['toolCount', live.counts.tools, 'tools'],
    ['destructiveToolCount', live.counts.destructive, 'destructive tools'],
    ['openWorldToolCount', live.counts.openWorld, 'open-world tools'],
  ];
  for (const [pin, actual, words] of checks) {
    const pinned = pins[pin];
    if (pinned === undefined || pinned === actual) continue;
    changes.push({
      kind: 'pin-broken',
      direction: actual > pinned ? 'widening' : 'narrowing',
      tool: null,
      subject: pin,
      message: `${pin} is pinned at ${pinned}; the server now has ${actual} ${words}${pin === 'toolCount' ? '' : ' (spec defaults applied)'}.`,
      before: pinned,
      after: actual,
    });
  }
  if (pins.maxPayloadBytes !== undefined && live.payload.total.bytes > pins.maxPayloadBytes) {
    changes.push({
      kind: 'payload-cap-exceeded',
      direction: 'widening',
      tool: null,
      subject: 'maxPayloadBytes',
      message: `The tool definitions take ${formatBytes(live.payload.total.bytes)} (${live.payload.total.bytes} bytes); the cap is ${pins.maxPayloadBytes} bytes. Largest: ${q(live.payload.largestTool.name ?? '')}, ${live.payload.largestTool.bytes} bytes.`,
      before: pins.maxPayloadBytes,
      after: live.payload.total.bytes,
    });
  }
  if (pins.maxPayloadTokens !== undefined && live.payload.total.tokens > pins.maxPayloadTokens) {
    changes.push({
      kind: 'payload-cap-exceeded',
      direction: 'widening',
      tool: null,
      subject: 'maxPayloadTokens',
      message: `The tool definitions take about ${live.payload.total.tokens} tokens (${TOKEN_ENCODING} estimate); the cap is ${pins.maxPayloadTokens}.`,
      before: pins.maxPayloadTokens,
      after: live.payload.total.tokens,
    });
  }
  return changes;
}

/** A tool pinned "exercised clean" that an exercised live audit saw contradict its hints (audit --exercise). */
function behaviourChanges(before: ContractToolIdentity, after: ContractToolIdentity): Change[] {
  if (before.behaviour !== 'clean' || after.behaviour !== 'contradicted') return [];
  return [
    {
      kind: 'behaviour-contradicted',
      direction: 'widening',
      tool: after.name,
      message: `${q(after.name)} was exercised clean when approved; exercised now, it did what its hints deny (see its behaviour findings).`,
      before: before.behaviour,
      after: after.behaviour,
    },
  ];
}

/** The changes between two tool lists: added, removed, renamed, and each common tool's own (session/listing-changes.ts reads them too). */
export function toolSetChanges(
  before: readonly ContractToolIdentity[],
  after: readonly ContractToolIdentity[],
): Change[] {
  const toolNames = after.map((tool) => tool.name);
  const beforeByName = new Map(before.map((tool) => [tool.name, tool]));
  const afterByName = new Map(after.map((tool) => [tool.name, tool]));
  const removed = before.filter((tool) => !afterByName.has(tool.name));
  const added = after.filter((tool) => !beforeByName.has(tool.name));
  const changes: Change[] = [];

  // The removed tools by shape, in order: an added tool is the first of its shape not yet renamed
  // (one pass, not a search of every removed tool per added one).
  const removedByShape = new Map<string, { tools: ContractToolIdentity[]; next: number }>();
  for (const tool of removed) {
    const same = removedByShape.get(tool.hashes.shape);
    if (same === undefined) removedByShape.set(tool.hashes.shape, { tools: [tool], next: 0 });
    else same.tools.push(tool);
  }
  const renamedFrom = new Set<string>();
  const renameOf = (tool: ContractToolIdentity): ContractToolIdentity | undefined => {
    const same = removedByShape.get(tool.hashes.shape);
    if (same === undefined) return undefined;
    // A name once renamed stays renamed, so a skipped entry never becomes a candidate again.
    while (same.next < same.tools.length && renamedFrom.has(same.tools[same.next]?.name ?? '')) same.next += 1;
    return same.tools[same.next];
  };
  for (const tool of added) {
    const original = renameOf(tool);
    if (original !== undefined) {
      renamedFrom.add(original.name);
      changes.push({
        kind: 'tool-renamed',
        direction: 'neutral',
        tool: tool.name,
        message: `${q(original.name)} is now called ${q(tool.name)}; nothing else about it changed.`,
        before: original.name,
        after: tool.name,
      });
      continue;
    }
    const risky = tool.class === 'destructive-write' || tool.openWorld;
    changes.push({
      kind: 'tool-added',
      direction: risky ? 'widening' : 'neutral',
      tool: tool.name,
      message: `New tool ${q(tool.name)}: ${describeTool(tool)}${risky ? ', a capability nobody approved' : ''}.`,
      after: { class: tool.class, openWorld: tool.openWorld },
    });
  }
  for (const tool of removed) {
    if (renamedFrom.has(tool.name)) continue;
    changes.push({
      kind: 'tool-removed',
      direction: 'narrowing',
      tool: tool.name,
      message: `${q(tool.name)} (${describeTool(tool)}) is no longer listed.`,
      before: { class: tool.class, openWorld: tool.openWorld },
    });
  }
  for (const tool of after) {
    const old = beforeByName.get(tool.name);
    if (old !== undefined) changes.push(...toolChanges(old, tool, toolNames), ...behaviourChanges(old, tool));
  }
  return changes;
}

/** The server's instructions, when both sides recorded them. */
function instructionsChanges(baseline: Contract, live: Contract): Change[] {
  const before = baseline.instructions;
  if (before === undefined || live.instructions === undefined) return [];
  const text = textChange('instructions', before, live.instructions, live.toolNames);
  if (text === null) return [];
  return [
    {
      kind: 'instructions-changed',
      direction: 'review',
      tool: null,
      message: `The server's instructions changed (${before === null ? 'none before' : live.instructions === null ? 'none now' : 'hosts put them into the model context on every turn'}): read the words added and removed.${findingsSentence([text])}`,
      before,
      after: live.instructions,
      texts: [text],
    },
  ];
}

/** Compares the live surface with a baseline; changes come sorted, widening first. */
export function compareSurface(baseline: ContractFile, live: Contract): Drift {
  const items = baseline.kind === 'contract' ? itemChanges(baseline.contract, live) : { changes: [], notes: [] };
  const instructions = baseline.kind === 'contract' ? instructionsChanges(baseline.contract, live) : [];
  const skills = baseline.kind === 'contract' ? skillChanges(baseline.contract, live) : [];
  const changes =
    baseline.kind === 'contract'
      ? [
          ...toolSetChanges(baseline.contract.tools, live.tools),
          ...items.changes,
          ...instructions,
          ...skills,
          ...pinChanges(baseline.contract.pins, live),
        ]
      : pinChanges(baseline.pins, live);
  changes.sort(compareChanges);
  const counts = { widening: 0, narrowing: 0, neutral: 0, review: 0 };
  for (const change of changes) counts[change.direction] += 1;
  return {
    baseline: baseline.kind,
    server: {
      before:
        baseline.kind === 'contract'
          ? { name: baseline.contract.server.name, version: baseline.contract.server.version }
          : null,
      after: { name: live.server.name, version: live.server.version },
    },
    changes,
    notes: items.notes,
    counts,
  };
}

/**
 * Two saved audits compared (`history diff`, the dashboard's History compare): the earlier audit is
 * not a contract, nobody approved its counts, so nothing is pinned and no pin can break; the tool
 * set and each tool's changes say what moved.
 */
export function compareAudits(before: Contract, after: Contract): Drift {
  return compareSurface({ kind: 'contract', contract: { ...before, pins: {} } }, after);
}
