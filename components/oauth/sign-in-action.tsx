'use client';

/**
 * "Sign in and list tools": starts a sign-in for the checked URL, opens the authorization server's
 * page in a new tab, waits for the redirect to reach the dashboard, then asks for the audit with the
 * sign-in's handle. Shows who signed in, the scopes granted, both tool counts when the server also
 * answers without a token, and "Sign out", which makes the server forget the tokens. After an audit
 * refused for scope, "Sign in with the wider scope" (step-up-action.tsx) starts a new sign-in for the
 * union; once it is back, the old one is forgotten and the audit runs again with the new one.
 */
import { useState } from 'react';
import type { SignInFacts } from '@/lib/core/oauth/sign-in';
import { BUTTON } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { RegisteredClientFields, ScopesField } from './sign-in-fields';
import { StepUpAction } from './step-up-action';
import { useSignIn, type SignInFields, type SignInPhase } from './use-sign-in';

interface SignInActionProps {
  url: string;
  running: boolean;
  /** The signed-in Report's facts, when the shown report was produced signed in. */
  facts: SignInFacts | null;
  toolCount: number | null;
  onSignedIn: (handle: string) => void;
}

function SignInStatus({
  phase,
  facts,
  toolCount,
}: {
  phase: SignInPhase;
  facts: SignInFacts | null;
  toolCount: number | null;
}) {
  return (
    <p data-testid="sign-in-status" role="status" className="text-sm text-slate-800 dark:text-slate-200">
      {phase.step === 'idle'
        ? "Consent happens on the authorization server's page, in a new tab. The token stays in the dashboard server's memory: never shown, never saved."
        : phase.step === 'waiting'
          ? 'Waiting for you to finish on the authorization server’s page…'
          : phase.step === 'failed'
            ? `Not signed in: ${phase.message}`
            : null}
      {phase.step === 'signed-in' ? (
        <>
          Signed in at <VisibleText text={phase.issuer} controls /> · scopes granted:{' '}
          <VisibleText text={phase.scopes.join(' ') || '(none)'} controls />
          {facts !== null && toolCount !== null && facts.anonymousToolCount !== null ? (
            <span data-testid="sign-in-counts">
              {' '}
              · tools: {toolCount} signed in, {facts.anonymousToolCount} without a token
            </span>
          ) : null}
        </>
      ) : null}
    </p>
  );
}

export function SignInAction({ url, running, facts, toolCount, onSignedIn }: SignInActionProps) {
  const [fields, setFields] = useState<SignInFields>({ scopes: '', clientId: '', clientSecret: '' });
  const { phase, begin, end } = useSignIn(url, fields, onSignedIn);
  const editable = phase.step === 'idle' || phase.step === 'failed';

  return (
    <div
      data-testid="sign-in"
      data-phase={phase.step}
      className="flex flex-col gap-3 rounded-lg bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950/40 dark:ring-emerald-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {phase.step === 'signed-in' ? (
          <button type="button" data-testid="sign-out" className={BUTTON.secondary} onClick={end}>
            Sign out
          </button>
        ) : (
          <button
            type="button"
            data-testid="sign-in-start"
            className={BUTTON.primary}
            disabled={running || phase.step === 'waiting'}
            onClick={() => {
              begin();
            }}
          >
            Sign in and list tools
          </button>
        )}
        {editable ? <ScopesField fields={fields} onChange={setFields} /> : null}
      </div>
      {editable ? <RegisteredClientFields fields={fields} onChange={setFields} /> : null}
      <SignInStatus phase={phase} facts={facts} toolCount={toolCount} />
      {phase.step === 'signed-in' && facts !== null ? (
        <StepUpAction facts={facts} running={running} onSignIn={begin} />
      ) : null}
    </div>
  );
}
