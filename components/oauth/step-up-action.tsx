'use client';

/**
 * "Sign in with the wider scope": shown under a signed-in audit whose request was refused with 403
 * insufficient_scope (the Report's signIn.stepUps). Names the request and the scopes it needs, and
 * offers a sign-in asking for the granted scopes plus those (lib/core/oauth/step-up.ts); the audit
 * then runs again with it. When that set was already asked for, says why no new sign-in helps.
 */
import type { SignInFacts } from '@/lib/core/oauth/sign-in';
import { dashboardStepUp } from '@/lib/core/oauth/step-up';
import { BUTTON } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

interface StepUpActionProps {
  facts: SignInFacts;
  running: boolean;
  onSignIn: (scopes: string[]) => void;
}

export function StepUpAction({ facts, running, onSignIn }: StepUpActionProps) {
  const offer = dashboardStepUp(facts);
  if (offer === null) return null;
  const next = offer.next;
  return (
    <div data-testid="step-up" className="flex flex-col gap-2 text-sm text-slate-800 dark:text-slate-200">
      <p>
        <VisibleText text={offer.method ?? 'A request'} controls /> was refused for insufficient scope: it needs{' '}
        <VisibleText text={offer.needed.join(' ') || '(no scope named)'} controls />.
      </p>
      {next.ok ? (
        <button
          type="button"
          data-testid="step-up-start"
          className={`${BUTTON.primary} self-start`}
          disabled={running}
          onClick={() => {
            onSignIn(next.value);
          }}
        >
          Sign in with the wider scope (<VisibleText text={next.value.join(' ')} controls />)
        </button>
      ) : (
        <p data-testid="step-up-stopped">{next.reason}</p>
      )}
    </div>
  );
}
