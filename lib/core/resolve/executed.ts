/**
 * A resolution that ran the tool. tools/resolve must not execute anything: it describes a call. Only a
 * sandbox can show it (the exercise sandbox, lib/server/exercise/: a file written, a process started,
 * a connection opened between sending tools/resolve and its answer). The evidence comes from there;
 * a hosted server's resolution cannot be observed, so it is never judged here.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';

export const RESOLVE_EXECUTED_ID = 'resolve-executed';

export const RESOLVE_EXECUTED_DEFINITION: FindingDefinition<typeof RESOLVE_EXECUTED_ID> = {
  id: RESOLVE_EXECUTED_ID,
  severity: 'high',
  title: 'tools/resolve executed the tool',
  meaning:
    'While the sandboxed server answered tools/resolve, it did something only a call should do (wrote a file, started a process, opened a connection). Resolution must describe a call without making it: a client that resolves before asking the user already let it act.',
  doesNotTell:
    'Whether the effect was harmful: read the effects listed; a trace lost is reported as inconclusive, not clean.',
  reference: 'io.modelcontextprotocol/tool-resolution extension (SEP-1862): resolution must not execute',
};

/** What the sandbox saw while one tools/resolve was answered (null effects: nothing was observed). */
export interface ResolveEvidence {
  /** The effects seen, in words ("wrote /work/out.txt"); empty when none; null when the trace was lost. */
  effects: readonly string[] | null;
}

export function executedFindings(evidence: ResolveEvidence | null): Finding<typeof RESOLVE_EXECUTED_ID>[] {
  const effects = evidence?.effects ?? [];
  if (effects.length === 0) return [];
  const shown = effects.slice(0, 5).join('; ') + (effects.length > 5 ? '; …' : '');
  return [raised(RESOLVE_EXECUTED_DEFINITION, `During tools/resolve: ${shown}.`)];
}
