/**
 * The effect inferred from a tool's name where its hints are absent or contradicted
 * (lib/core/signals/inferred-effect.ts), shown beside the hint table as a guess: never as declared.
 */
import { INFERRED_EFFECT_EXPLANATION, describeInferred, type InferredEffect } from '@/lib/core/signals/inferred-effect';
import { MUTED } from '@/components/ui/styles';

export function InferredEffectNote({ inferred }: { inferred: InferredEffect }) {
  return (
    <div
      data-testid="inferred-effect"
      data-effect={inferred.effect}
      className="mt-2 rounded-md border border-dashed border-amber-400 p-2.5 text-xs dark:border-amber-700"
    >
      <p className="text-slate-800 dark:text-slate-200">
        <span className="font-medium">{INFERRED_EFFECT_EXPLANATION.title}, not declared: </span>
        {describeInferred(inferred)}. It orders the tool in the risk order; the hints above, its class and every count
        keep the values shown.
      </p>
      <p className={`mt-1 ${MUTED}`}>{INFERRED_EFFECT_EXPLANATION.doesNotTell}</p>
    </div>
  );
}
