'use client';

/**
 * "Sign in and list tools": starts a sign-in for the checked URL, opens the authorization server's
 * page in a new tab, waits for the redirect to reach the dashboard, then asks for the audit with the
 * sign-in's handle. Shows who signed in, the scopes granted, both tool counts when the server also
 * answers without a token, and "Sign out", which makes the server forget the tokens. After an audit
 * refused for scope, "Sign in with the wider scope" (step-up-action.tsx) starts a new sign-in for the
 * union; once it is back, the old one is forgotten and the audit runs again with the new one.
 */
import { useEffect, useRef, useState } from 'react';
import type { SignInFacts } from '@/lib/core/oauth/sign-in';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { signInStatus, signOut, startSignIn } from './sign-in-client';
import { StepUpAction } from './step-up-action';

const POLL_MS = 1000;
const GIVE_UP_MS = 10 * 60 * 1000;

interface SignInActionProps {
  url: string;
  running: boolean;
  /** The signed-in Report's facts, when the shown report was produced signed in. */
  facts: SignInFacts | null;
  toolCount: number | null;
  onSignedIn: (handle: string) => void;
}

type Phase =
  | { step: 'idle' }
  | { step: 'waiting'; handle: string }
  | { step: 'signed-in'; handle: string; issuer: string; scopes: string[] }
  | { step: 'failed'; message: string };

export function SignInAction({ url, running, facts, toolCount, onSignedIn }: SignInActionProps) {
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [scopes, setScopes] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const begin = (stepUpScopes: string[] | null = null): void => {
    const previous = phase.step === 'signed-in' ? phase.handle : null;
    // The sign-in this one replaces is forgotten once the new one is back, or failed (then none is left).
    const dropPrevious = (): void => {
      if (previous !== null) void signOut(previous).catch(() => undefined);
    };
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    // Opened now, in the click, so no popup blocker stops it; pointed at the AS once the URL is known.
    const tab = window.open('about:blank', '_blank');
    const asked = scopes.split(/\s+/).filter((scope) => scope !== '');
    void (async () => {
      try {
        const { handle, authorizationUrl } = await startSignIn(
          url,
          asked,
          { clientId, clientSecret },
          abort.signal,
          stepUpScopes,
        );
        if (tab !== null) {
          tab.opener = null;
          tab.location.href = authorizationUrl;
        } else {
          window.open(authorizationUrl, '_blank', 'noopener');
        }
        setPhase({ step: 'waiting', handle });
        const until = Date.now() + GIVE_UP_MS;
        while (!abort.signal.aborted && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          const state = await signInStatus(handle, abort.signal);
          if (state.state === 'signed-in') {
            setPhase({ step: 'signed-in', handle, issuer: state.issuer, scopes: state.scopesGranted });
            dropPrevious();
            onSignedIn(handle);
            return;
          }
          if (state.state === 'failed') {
            dropPrevious();
            setPhase({ step: 'failed', message: state.message });
            return;
          }
        }
        if (!abort.signal.aborted) {
          dropPrevious();
          setPhase({ step: 'failed', message: 'No sign-in came back within 10 minutes.' });
        }
      } catch (error) {
        tab?.close();
        dropPrevious();
        if (!abort.signal.aborted)
          setPhase({ step: 'failed', message: error instanceof Error ? error.message : 'The sign-in failed.' });
      }
    })();
  };

  const end = (): void => {
    controller.current?.abort();
    if (phase.step === 'signed-in' || phase.step === 'waiting') void signOut(phase.handle).catch(() => undefined);
    setPhase({ step: 'idle' });
  };

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
        {phase.step === 'idle' || phase.step === 'failed' ? (
          <label className={`flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm ${MUTED}`}>
            Fewer scopes (optional)
            <input
              data-testid="sign-in-scopes"
              className="w-full min-w-0 rounded border border-slate-300 px-2 py-1 font-mono text-xs sm:w-80 dark:border-slate-700 dark:bg-slate-900"
              value={scopes}
              placeholder="default: what the server asks for"
              onChange={(event) => {
                setScopes(event.target.value);
              }}
            />
          </label>
        ) : null}
      </div>
      {phase.step === 'idle' || phase.step === 'failed' ? (
        <details className={`text-sm ${MUTED}`}>
          <summary>A client registered in advance (when the server offers no registration)</summary>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <label>
              Client id{' '}
              <input
                data-testid="sign-in-client-id"
                className="ml-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
                value={clientId}
                autoComplete="off"
                onChange={(event) => {
                  setClientId(event.target.value);
                }}
              />
            </label>
            <label>
              Client secret (confidential clients only){' '}
              <input
                data-testid="sign-in-client-secret"
                type="password"
                className="ml-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
                value={clientSecret}
                autoComplete="off"
                onChange={(event) => {
                  setClientSecret(event.target.value);
                }}
              />
            </label>
          </div>
        </details>
      ) : null}
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
      {phase.step === 'signed-in' && facts !== null ? (
        <StepUpAction facts={facts} running={running} onSignIn={begin} />
      ) : null}
    </div>
  );
}
