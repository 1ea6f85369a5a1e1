/**
 * The exercise's calls beyond each tool's first (run.ts planCalls): a read-only tool's other action
 * values, and the traversal calls of a tool whose path only the server confines, each within what
 * the call cap leaves (the rest recorded as skipped, class call-cap).
 */
import type { Report } from '../../core/report/report';
import type { Skipped } from '../../core/exercise/schema';
import type { ReuseSource } from '../../core/exercise/reuse';
import type { PlannedTool } from '../../core/exercise/select';
import { traversalArguments } from '../../core/exercise/traversal';
import { enumVariants } from '../../core/exercise/enum-values';
import { generatedArguments } from './arguments';
import type { PlannedCall } from './call-loop';
import { TRAVERSAL_TARGETS } from './folders';

/**
 * After every tool's first call: each read-only tool's other action values (core enum-values.ts:
 * the ones that read, and the ones that write, a claim to check), within what the call cap leaves;
 * a tool given its own calls (--calls) gets none.
 */
export function variantCalls(
  report: Report,
  reuse: { tools: readonly PlannedTool[]; sources: ReadonlyMap<string, ReuseSource> },
  given: Readonly<Record<string, unknown>>,
  room: number,
  skipped: Skipped[],
): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const planned of reuse.tools) {
    const tool = report.tools.find((candidate) => candidate.name === planned.name);
    if (tool === undefined || given[planned.name] !== undefined || !tool.effective.readOnlyHint.value) continue;
    const source = reuse.sources.get(planned.name);
    for (const variant of enumVariants(tool.inputSchema, generatedArguments(tool, true))) {
      if (calls.length >= room) {
        skipped.push({
          tool: planned.name,
          reason: `its ${variant.field}=${variant.value} call: the call cap was reached`,
          kind: 'call-cap',
        });
        continue;
      }
      calls.push({
        tool: planned.name,
        round: 1,
        args: variant.args,
        from: 'generated',
        ...(source === undefined ? {} : { reuse: source }),
      });
    }
  }
  return calls;
}

/**
 * After every other call: each planned tool whose path is confined only by the server (core
 * traversal.ts) aimed at the SSH canary three ways (../ chain, absolute path, a symlink in the
 * working folder), within what the call cap leaves; a tool given its own calls (--calls) gets none.
 */
export function traversalCalls(
  report: Report,
  tools: readonly PlannedTool[],
  given: Readonly<Record<string, unknown>>,
  room: number,
  skipped: Skipped[],
): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const planned of tools) {
    const tool = report.tools.find((candidate) => candidate.name === planned.name);
    if (tool === undefined || given[planned.name] !== undefined) continue;
    const sets = traversalArguments(
      tool,
      generatedArguments(tool, tool.effective.readOnlyHint.value),
      TRAVERSAL_TARGETS,
    );
    if (sets.length === 0) continue;
    if (calls.length + sets.length > room) {
      skipped.push({ tool: planned.name, reason: 'its traversal calls: the call cap was reached', kind: 'call-cap' });
      continue;
    }
    for (const args of sets) calls.push({ tool: planned.name, round: 1, args, from: 'traversal' });
  }
  return calls;
}
