/**
 * What a behaviour finding is (one file each in this folder, registered in ../definitions.ts): its
 * definition, whether it contradicts a claim, how its message starts, and the tool's own effects that
 * raise it. Only the tool's own effects count: not those set aside as background or as the server's
 * every-call bookkeeping (../attribute.ts, ../server-level.ts). A failed system call is intent, shown
 * as "tried: ...".
 */
import type { FlagDefinition } from '../../finding';
import { FILE_CHANGE_KINDS, type CallRecord, type Claim, type Effect, type EffectKind } from '../schema';

export interface BehaviourRule<Id extends string> {
  readonly definition: FlagDefinition<Id>;
  /** It contradicts a claim or shows theft of a secret: it outranks any claim (report/risk.ts) and stands only when seen twice (../judge.ts). */
  readonly contradiction: boolean;
  /** How its message starts; the effects follow ("Claims read-only; called in the sandbox it created ~/x."). */
  readonly lead: string;
  /** The tool's own effects that raise it (none: not raised). */
  readonly effects: (calls: readonly CallRecord[], claims: readonly Claim[]) => Effect[];
  /** What follows the effects in its message, if anything (" through filename=../../…"). */
  readonly detail?: (calls: readonly CallRecord[]) => string;
}

export const REFERENCE =
  'MCP specification, Server features: Tools (ToolAnnotations); mcp-hintcheck README "Exercising tools in a sandbox"';
export const LIMITS =
  'Only the arguments that were sent were tried: other arguments may behave differently. A server may detect the sandbox (no network, an empty HOME) and act otherwise elsewhere. Hosted servers cannot be exercised.';

export const FILE_CHANGES: ReadonlySet<EffectKind> = new Set(FILE_CHANGE_KINDS);

/** The tool's own effects that `keep` selects: background and every-call effects are not the tool's. */
export function own(calls: readonly CallRecord[], keep: (effect: Effect, call: CallRecord) => boolean): Effect[] {
  return calls.flatMap((call) => call.effects.filter((effect) => effect.aside === undefined && keep(effect, call)));
}

/** A failed removal of a path that was not there (ENOENT): it changed nothing and showed no intent to change what exists. */
export const changedNothing = (effect: Pick<Effect, 'kind' | 'error'>): boolean =>
  effect.kind === 'delete' && effect.error === 'ENOENT';
