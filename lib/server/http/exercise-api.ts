/**
 * POST /api/exercise (issue 23): audit the stdio target (declaring the capabilities the dashboard's
 * audit declared), plan the calls, check them against the tools the user confirmed (any other tool:
 * refused, nothing called), run the exercise streaming one event per call, save the exercised Report
 * to history and send it. No sandbox: the error names what
 * to install (sandbox-unavailable, 501), before anything starts. Closing the request cancels.
 */
import { describeIssues } from '../../core/api/audit-request';
import { exerciseRequestSchema, type ExerciseEvent } from '../../core/api/exercise-request';
import { runAudit } from '../audit/audit';
import { targetFromRequest } from './audit-api';
import { busyResponse, tryStartWork } from '../audit/concurrency';
import { AuditError, problemOf } from '../errors';
import { saveDashboardAudit } from '../history/dashboard-history';
import { readJsonRequest } from './json-request';
import { ndjsonResponse } from './ndjson-response';
import { problemResponse } from './problem-response';
import { exerciseServer, planCalls } from '../exercise/run';
import { checkSandbox } from '../exercise/sandbox';
import { prepareSandboxedStdio, type SandboxedLaunch } from '../exercise/sandboxed-listing';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import { API_CONNECT_OPTION } from '../mcp/connect-deadline';

/** The listing before the calls runs in the same sandbox (issue 33), unless the audit was listed on the host. */
function sandboxedListing(
  target: Parameters<typeof prepareSandboxedStdio>[0],
  sandbox: boolean | undefined,
): Promise<SandboxedLaunch | null> {
  if (sandbox === false) return Promise.resolve(null);
  return prepareSandboxedStdio(target, process.env, AUDIT_DEFAULTS.maxBytes).catch(() => null);
}

export async function handleExerciseRequest(request: Request): Promise<Response> {
  const read = await readJsonRequest(
    request,
    '/api/exercise',
    'the exercise',
    'An exercise request is at most 1 MiB of JSON.',
  );
  if (!read.ok) return read.response;
  const parsed = exerciseRequestSchema.safeParse(read.body);
  if (!parsed.success)
    return problemResponse({
      code: 'bad-input',
      message: `The exercise request is not valid: ${describeIssues(parsed.error)}.`,
      hint: 'Send {target: {transport:"stdio", command, args?, cwd?, env?}, mode?, confirmedTools: [names]}.',
    });
  try {
    await checkSandbox();
  } catch (error) {
    if (error instanceof AuditError) return problemResponse(error.toProblem());
    throw error;
  }
  const release = tryStartWork();
  if (release === null) return busyResponse();
  const target = targetFromRequest(parsed.data.target);
  if (target.transport !== 'stdio') throw new Error('unreachable: the schema admits stdio only');
  const { mode, calls, confirmedTools } = parsed.data;
  return ndjsonResponse<ExerciseEvent>(
    request,
    async (send, signal) => {
      const listing = await sandboxedListing(target, parsed.data.target.sandbox);
      try {
        // The capabilities the dashboard's audit declared: the tools listed, and so confirmed, depend on them.
        const capabilities = { mode: parsed.data.target.capabilities ?? 'host' } as const;
        const launched = listing ?? undefined;
        const { connectTimeoutMs } = parsed.data.target;
        const start = connectTimeoutMs === undefined ? {} : { connectTimeoutMs };
        const report = await runAudit(target, {
          signal,
          countTokens: true,
          capabilities,
          launched,
          ...start,
          connectTimeoutOption: API_CONNECT_OPTION,
        });
        const plan = planCalls(report, { mode, ...(calls === undefined ? {} : { calls }) });
        const unconfirmed = plan.tools.filter((tool) => !confirmedTools.includes(tool.name));
        if (unconfirmed.length > 0)
          throw new AuditError(
            'bad-input',
            `The server now lists tools you did not confirm (${unconfirmed.map((tool) => tool.name).join(', ')}); nothing was called.`,
            { hint: 'Audit again, then confirm the new list.' },
          );
        const exercised = await exerciseServer(target, report, {
          mode,
          ...(calls === undefined ? {} : { calls }),
          callerEnv: process.env,
          signal,
          ...(connectTimeoutMs === undefined ? {} : { limits: { startTimeoutMs: connectTimeoutMs } }),
          startOption: API_CONNECT_OPTION,
          onProgress: (event) => {
            if (event.kind === 'call')
              send({ type: 'call', tool: event.tool, round: event.round, index: event.index, total: event.total });
            if (event.kind === 'called') {
              const { tool, round, index, total, outcome, durationMs } = event;
              send({ type: 'call', tool, round, index, total, outcome, durationMs });
            }
          },
        });
        if (!signal.aborted) saveDashboardAudit(exercised);
        send({ type: 'report', report: exercised });
      } catch (error) {
        send({ type: 'error', error: problemOf(error, 'The exercise') });
      } finally {
        await listing?.dispose();
      }
    },
    release,
  );
}
