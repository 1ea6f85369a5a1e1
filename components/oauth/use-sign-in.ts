'use client';
/**
 * A sign-in's lifecycle in the browser: start it, point the tab opened in the click at the
 * authorization server, poll until it is back, failed or 10 minutes have passed, and sign out. A sign-in
 * it replaces (step-up) is forgotten once the new one is back or has failed. Aborted on unmount.
 */
import { useEffect, useRef, useState } from 'react';
import { signInStatus, signOut, startSignIn } from './sign-in-client';

const POLL_MS = 1000;
const GIVE_UP_MS = 10 * 60 * 1000;

export type SignInPhase =
  | { step: 'idle' }
  | { step: 'waiting'; handle: string }
  | { step: 'signed-in'; handle: string; issuer: string; scopes: string[] }
  | { step: 'failed'; message: string };

/** What the user typed: scopes to narrow to, and a client registered in advance. */
export interface SignInFields {
  scopes: string;
  clientId: string;
  clientSecret: string;
}

/** Sends the tab opened in the click to the authorization server (or opens one if the first was blocked). */
function openAuthorization(tab: Window | null, authorizationUrl: string): void {
  if (tab !== null) {
    tab.opener = null;
    tab.location.href = authorizationUrl;
  } else {
    window.open(authorizationUrl, '_blank', 'noopener');
  }
}

/** Polls the sign-in until it is back or failed; null when aborted or given up. */
async function waitForSignIn(
  handle: string,
  signal: AbortSignal,
): Promise<Extract<SignInPhase, { step: 'signed-in' | 'failed' }> | null> {
  const until = Date.now() + GIVE_UP_MS;
  while (!signal.aborted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const state = await signInStatus(handle, signal);
    if (state.state === 'signed-in')
      return { step: 'signed-in', handle, issuer: state.issuer, scopes: state.scopesGranted };
    if (state.state === 'failed') return { step: 'failed', message: state.message };
  }
  return null;
}

export function useSignIn(url: string, fields: SignInFields, onSignedIn: (handle: string) => void) {
  const [phase, setPhase] = useState<SignInPhase>({ step: 'idle' });
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
    const asked = fields.scopes.split(/\s+/).filter((scope) => scope !== '');
    const { clientId, clientSecret } = fields;
    void (async () => {
      try {
        const started = await startSignIn(url, asked, { clientId, clientSecret }, abort.signal, stepUpScopes);
        openAuthorization(tab, started.authorizationUrl);
        setPhase({ step: 'waiting', handle: started.handle });
        const ended = await waitForSignIn(started.handle, abort.signal);
        if (ended?.step === 'signed-in') {
          setPhase(ended);
          dropPrevious();
          onSignedIn(started.handle);
        } else if (ended !== null) {
          dropPrevious();
          setPhase(ended);
        } else if (!abort.signal.aborted) {
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

  return { phase, begin, end };
}
