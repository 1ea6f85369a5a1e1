/**
 * POST /api/audit: a JSON target in, NDJSON out (progress events, then one report or one error).
 * The first event names the run (`accepted`): POST /api/audit/cancel with it ends the server at once
 * and the stream goes on to say how it ended (`stopped`, then the report). Closing the request
 * cancels too (a closed tab). Kept free of Next.js so it is tested with plain Request objects;
 * app/api/audit/route.ts only re-exports it.
 */
import { API_CONNECT_OPTION } from '../mcp/connect-deadline';
import { readJsonRequest } from './json-request';
import { ndjsonResponse } from './ndjson-response';
import { auditRequestSchema, describeIssues, type AuditEvent, type AuditRequest } from '../../core/api/audit-request';
import { answersWithoutAuth } from '../../core/oauth/list-tools-gate';
import { DASHBOARD_NO_STEP_UP } from '../../core/oauth/step-up';
import type { Report } from '../../core/report/report';
import { runAudit } from '../audit/audit';
import type { AuditOptions } from '../audit/audit-options';
import { AuditError, problemOf } from '../errors';
import { dashboardSignIns } from '../sign-in/dashboard-sign-ins';
import { watchScopeRefusals } from '../sign-in/scope-refusals';
import { busyResponse, tryStartWork } from '../audit/concurrency';
import { problemResponse } from './problem-response';
import type { AuditTargetSpec } from '../target-spec';
import { saveDashboardAudit } from '../history/dashboard-history';
import { registerRun } from './audit-cancel';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import { prepareSandboxedStdio, type SandboxedLaunch } from '../exercise/sandboxed-listing';

export function targetFromRequest(request: AuditRequest): AuditTargetSpec {
  if (request.transport === 'stdio') {
    return {
      transport: 'stdio',
      command: request.command,
      args: request.args,
      cwd: request.cwd === undefined || request.cwd.trim() === '' ? undefined : request.cwd,
      env: Object.entries(request.env).map(([name, value]) => (value === null ? { name } : { name, value })),
    };
  }
  return { transport: request.transport, url: request.url, headers: request.headers };
}

/**
 * The listing's sandbox (issues 33, 49): a local server is listed on the host, as the CLI lists it,
 * unless the request says sandbox: true; then in the exercise sandbox (Linux with bubblewrap, strace
 * and prlimit), and where there is none the error names what to install.
 */
function sandboxedListing(target: AuditTargetSpec, request: AuditRequest): Promise<SandboxedLaunch | null> {
  if (target.transport !== 'stdio' || request.transport !== 'stdio' || request.sandbox !== true)
    return Promise.resolve(null);
  return prepareSandboxedStdio(target, process.env, AUDIT_DEFAULTS.maxBytes);
}

export async function handleAuditRequest(request: Request): Promise<Response> {
  const read = await readJsonRequest(request, '/api/audit', 'the target', 'A target is at most 1 MiB of JSON.');
  if (!read.ok) return read.response;
  const body = read.body;
  const parsed = auditRequestSchema.safeParse(body);
  if (!parsed.success) {
    return problemResponse({
      code: 'bad-input',
      message: `The target is not valid: ${describeIssues(parsed.error)}.`,
      hint: 'Send {transport:"stdio", command, args?, cwd?, env?} or {transport:"auto"|"streamable-http"|"sse", url, headers?}.',
    });
  }
  const release = tryStartWork();
  if (release === null) return busyResponse();

  const target = targetFromRequest(parsed.data);
  const cancel = new AbortController();
  const run = registerRun(cancel);
  return ndjsonResponse<AuditEvent>(
    request,
    async (send, closed) => {
      const signal = AbortSignal.any([closed, cancel.signal]);
      send({ type: 'progress', step: 'accepted', runId: run.runId });
      const options: AuditOptions = {
        signal,
        onProgress: send,
        countTokens: true,
        ...(parsed.data.timeoutMs === undefined ? {} : { timeoutMs: parsed.data.timeoutMs }),
        ...(parsed.data.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: parsed.data.connectTimeoutMs }),
        connectTimeoutOption: API_CONNECT_OPTION,
        capabilities: { mode: parsed.data.capabilities ?? 'host' },
        compareCapabilities: parsed.data.compareCapabilities === true,
      };
      const handle = parsed.data.transport === 'stdio' ? undefined : parsed.data.signIn;
      let sandboxed: SandboxedLaunch | null = null;
      try {
        sandboxed = await sandboxedListing(target, parsed.data);
        if (sandboxed !== null) options.launched = sandboxed;
        const report = await (handle === undefined
          ? runAudit(target, options)
          : auditSignedIn(target, handle, options));
        if (!signal.aborted) saveDashboardAudit(report);
        send({ type: 'report', report });
      } catch (error) {
        send({ type: 'error', error: problemOf(error, 'The audit') });
      } finally {
        await sandboxed?.dispose();
      }
    },
    () => {
      run.done();
      release();
    },
  );
}

/**
 * An audit with the token of a dashboard sign-in for this same URL (never another one), and, when
 * the server also answers without a token, the anonymous count beside it. The token goes in as an
 * Authorization header, which the audit redacts like any header value.
 */
async function auditSignedIn(target: AuditTargetSpec, handle: string, options: AuditOptions): Promise<Report> {
  if (target.transport === 'stdio') return runAudit(target, options);
  const credentials = await dashboardSignIns().credentialsFor(handle, target.url);
  if (credentials === null)
    throw new AuditError('sign-in-failed', 'Not signed in for this URL (signed out, expired, or another server).', {
      hint: 'Sign in again.',
    });
  const anonymous = answersWithoutAuth(credentials.oauth)
    ? await runAudit(target, { ...options, onProgress: undefined, includeOAuth: false })
    : null;
  // A 403 insufficient_scope is recorded (what listing needed); the dashboard does not sign in again by itself.
  const refusals = watchScopeRefusals(options.fetch);
  const report = await runAudit(
    { ...target, headers: { ...target.headers, Authorization: `Bearer ${credentials.accessToken}` } },
    { ...options, includeOAuth: false, fetch: refusals.fetch },
  );
  const refusal = refusals.first();
  return {
    ...report,
    oauth: credentials.oauth,
    signIn: {
      ...credentials.facts,
      anonymousToolCount: anonymous !== null && anonymous.errors.length === 0 ? anonymous.summary.tools : null,
      stepUps: refusal === null ? [] : [{ ...refusal, requestedScopes: null, stopped: DASHBOARD_NO_STEP_UP }],
    },
  };
}
