/**
 * The dashboard's sign-ins, in this process's memory only: each has an opaque handle (what the page
 * holds), the target it is for, and, once the redirect came back, the tokens. Tokens never leave
 * this module except as the Authorization header of an audit of that same target; nothing is
 * written to disk, and everything is gone when the dashboard stops. "Sign out" forgets the handle,
 * its tokens and any flow still pending for it. One store per process (process-state.ts), so every
 * route bundle sees the same one.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthReport } from '../../core/oauth/schemas';
import type { SignInFacts } from '../../core/oauth/sign-in';
import type { PendingSignIn, SignedIn } from './flow';
import { refreshSignIn } from './flow';
import { PendingFlows } from './pending-flows';
import { processState } from '../process/process-state';

export const MAX_SIGN_INS = 32;
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 30_000;

export type SignInStatus =
  | { state: 'pending' }
  | { state: 'signed-in'; issuer: string; scopesGranted: string[] }
  | { state: 'failed'; message: string };

interface Entry {
  target: string;
  oauth: OAuthReport;
  status: SignInStatus;
  signedIn: SignedIn | null;
}

export class DashboardSignIns {
  private readonly entries = new Map<string, Entry>();
  readonly pending = new PendingFlows<{ handle: string; flow: PendingSignIn }>();

  /** A new handle for a flow that was just started; the oldest sign-in goes when the store is full. */
  start(target: string, oauth: OAuthReport, flow: PendingSignIn): string {
    if (this.entries.size >= MAX_SIGN_INS) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.forget(oldest.value);
    }
    const handle = randomBytes(24).toString('base64url');
    this.entries.set(handle, { target, oauth, status: { state: 'pending' }, signedIn: null });
    this.pending.add(flow.state, { handle, flow });
    return handle;
  }

  complete(handle: string, signedIn: SignedIn): void {
    const entry = this.entries.get(handle);
    if (entry === undefined) return;
    entry.signedIn = signedIn;
    entry.status = { state: 'signed-in', issuer: signedIn.issuer, scopesGranted: signedIn.scopesGranted };
  }

  fail(handle: string, message: string): void {
    const entry = this.entries.get(handle);
    if (entry !== undefined) entry.status = { state: 'failed', message };
  }

  status(handle: string): SignInStatus | null {
    return this.entries.get(handle)?.status ?? null;
  }

  /**
   * The access token for an audit of `target` with this handle (refreshed within the session when
   * it is about to expire), the check it started from, and the facts for the Report; null when the
   * handle is unknown, not signed in, or for another target.
   */
  async credentialsFor(
    handle: string,
    target: string,
  ): Promise<{ accessToken: string; oauth: OAuthReport; facts: Omit<SignInFacts, 'anonymousToolCount'> } | null> {
    const entry = this.entries.get(handle);
    if (entry?.signedIn == null || entry.target !== target) return null;
    if (
      entry.signedIn.expiresAt !== null &&
      entry.signedIn.expiresAt - REFRESH_MARGIN_MS < Date.now() &&
      entry.signedIn.refreshToken !== null
    ) {
      entry.signedIn = await refreshSignIn(entry.signedIn);
    }
    const signedIn = entry.signedIn;
    return {
      accessToken: signedIn.accessToken,
      oauth: entry.oauth,
      facts: {
        authenticated: true,
        issuer: signedIn.issuer,
        clientIdentity: signedIn.clientIdentity,
        grant: signedIn.grant,
        scopesRequested: signedIn.scopesRequested,
        scopesGranted: signedIn.scopesGranted,
        stepUps: [],
        callProbe: null,
      },
    };
  }

  /** Sign out: the tokens, the handle and any pending flow of it are forgotten. */
  forget(handle: string): boolean {
    this.pending.forget((pending) => pending.handle === handle);
    return this.entries.delete(handle);
  }
}

/** The process's one store. */
export function dashboardSignIns(): DashboardSignIns {
  return processState('dashboard-sign-ins', () => new DashboardSignIns());
}
