/**
 * `audit --url --login` when a request is refused for insufficient scope: sign in again asking for
 * the granted scopes plus the ones the refusal named, and audit again, as the step-up rules allow
 * (lib/core/oauth/step-up.ts: each scope set once, at most MAX_STEP_UPS more sign-ins). Each
 * refusal, and what was done about it, goes to stderr and into the Report's sign-in facts.
 */
import { nextStepUp, type StepUp } from '../core/oauth/step-up';
import type { Report } from '../core/report/report';
import type { SignedIn } from '../server/sign-in/flow';
import { watchScopeRefusals } from '../server/sign-in/scope-refusals';
import { terminalSafe } from './print/terminal';

export interface StepUpRun {
  report: Report;
  signedIn: SignedIn;
  stepUps: StepUp[];
}

export async function auditWithStepUp(
  first: SignedIn,
  audit: (accessToken: string, fetchImpl: typeof fetch) => Promise<Report>,
  signInAgain: (scopes: string[]) => Promise<SignedIn>,
  stderr: NodeJS.WritableStream,
  baseFetch: typeof fetch = fetch,
): Promise<StepUpRun> {
  let signedIn = first;
  const requested: string[][] = [first.scopesRequested];
  const stepUps: StepUp[] = [];
  for (;;) {
    const watcher = watchScopeRefusals(baseFetch);
    const report = await audit(signedIn.accessToken, watcher.fetch);
    const refusal = watcher.first();
    if (refusal === null) return { report, signedIn, stepUps };
    const next = nextStepUp(refusal.neededScopes, signedIn.scopesGranted, requested);
    const what = `${terminalSafe(refusal.method ?? 'A request', 100)} was refused for insufficient scope (needs ${terminalSafe(refusal.neededScopes.join(' '), 300) || 'no scope named'})`;
    stepUps.push({
      method: refusal.method,
      neededScopes: refusal.neededScopes,
      requestedScopes: next.ok ? next.value : null,
      stopped: next.ok ? null : next.reason,
    });
    if (!next.ok) {
      stderr.write(`${what}: ${terminalSafe(next.reason, 400)}\n`);
      return { report, signedIn, stepUps };
    }
    stderr.write(`${what}: signing in again asking for ${terminalSafe(next.value.join(' '), 300)}\n`);
    signedIn = await signInAgain(next.value);
    requested.push(next.value);
  }
}
