/**
 * The findings of one prompt, resource, template or the instructions, each with its explanation
 * from the one flag catalogue (what it means, what it does not tell you, the reference).
 */
import type { Flag } from '@/lib/core/flags/catalogue';
import { FlagExplanation } from '@/components/ui/flag-explanation';
import { MUTED } from '@/components/ui/styles';

export function SurfaceFlagList({ flags }: { flags: readonly Flag[] }) {
  if (flags.length === 0) {
    return <p className={`text-sm ${MUTED}`}>No findings. That is what the server sent, not a verdict: read it.</p>;
  }
  return (
    <ul className="space-y-2.5 text-sm">
      {flags.map((flag, i) => (
        // An item's flags are a fixed list in report order.
        <FlagExplanation key={`${flag.id}-${i}`} flag={flag} testId="surface-flag" />
      ))}
    </ul>
  );
}
