/**
 * How the exercise's sandbox held (issue 33): an incomplete run said first, then the limits that
 * applied and what the sandbox cannot see, as the report keeps them (exercise.sandboxFacts).
 */
import type { ExerciseFacts } from '@/lib/core/exercise/schema';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

export function SandboxFacts({ facts }: { facts: ExerciseFacts['sandboxFacts'] }) {
  if (facts === undefined) return null;
  return (
    <div data-testid="sandbox-facts" className="space-y-1 text-xs">
      {facts.incomplete === null ? null : (
        <p data-testid="sandbox-incomplete" className="font-medium text-orange-800 dark:text-orange-200">
          Inconclusive run: <VisibleText text={facts.incomplete} />. No tool of it is called clean.
        </p>
      )}
      <details>
        <summary className="cursor-pointer">Sandbox limits and what it cannot see</summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {facts.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
        <ul className={`mt-1 list-disc space-y-0.5 pl-5 ${MUTED}`}>
          {facts.blindSpots.map((spot) => (
            <li key={spot}>{spot}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
