/**
 * The playground's HTTP handlers (issue 37; the contract is lib/core/playground/schema.ts), under
 * the dashboard's access rules (token, Host, Origin: lib/server/dashboard/dashboard.ts):
 * - POST   /api/playground             start {target, confirmedCommand} → 201 PlaygroundStarted
 * - POST   /api/playground/{id}        one call → PlaygroundCallResult
 * - GET    /api/playground/{id}?after=N  PlaygroundState
 * - POST   /api/playground/{id}/answer   PlaygroundAnswer → 204
 * - DELETE /api/playground/{id}        ends the session → 204
 * The command line confirmed must be the one that runs (commandLineText of the target), else
 * nothing starts. No sandbox: sandbox-unavailable (501), before anything starts. Problems:
 * session-not-found 404, session-busy 409, session-ended 410, bad-input 400, busy 429.
 */
import { API_CONNECT_OPTION } from '../mcp/connect-deadline';
import { EXERCISE_LIMITS } from '../../core/exercise/select';
import { describeIssues } from '../../core/api/audit-request';
import { capabilitiesOf } from '../../core/capabilities/declared';
import { commandLineText } from '../../core/command-line';
import {
  playgroundAnswerSchema,
  playgroundCallRequestSchema,
  playgroundStartSchema,
} from '../../core/playground/schema';
import { AuditError, problemOf } from '../errors';
import { targetFromRequest } from './audit-api';
import { readJsonRequest } from './json-request';
import { problemResponse } from './problem-response';
import { checkSandbox } from '../exercise/sandbox';
import { livePlayground, playgroundState, reservePlayground } from '../playground/registry';
import { PlaygroundSession } from '../playground/session';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** An AuditError as its problem answer; anything else as an internal one that says what failed. */
const failure = (error: unknown, what: string): Response => problemResponse(problemOf(error, what));

const badInput = (message: string, hint: string): Response => problemResponse({ code: 'bad-input', message, hint });

export async function handlePlaygroundStart(request: Request): Promise<Response> {
  const read = await readJsonRequest(request, '/api/playground', 'the session to start');
  if (!read.ok) return read.response;
  const parsed = playgroundStartSchema.safeParse(read.body);
  if (!parsed.success)
    return badInput(
      `The playground request is not valid: ${describeIssues(parsed.error)}.`,
      'Send {target: {transport:"stdio", command, args?, cwd?, env?}, confirmedCommand: the command line shown}.',
    );
  const target = targetFromRequest(parsed.data.target);
  if (target.transport !== 'stdio') throw new Error('unreachable: the schema admits stdio only');
  const command = commandLineText(target);
  if (parsed.data.confirmedCommand !== command)
    return badInput(
      'The command line confirmed is not the one that would run; nothing was started.',
      `Confirm the command line again: ${command.slice(0, 200)}`,
    );
  try {
    await checkSandbox();
  } catch (error) {
    return failure(error, 'The sandbox check');
  }
  let reservation;
  try {
    reservation = reservePlayground();
  } catch (error) {
    return failure(error, 'The start');
  }
  const made: { session?: PlaygroundSession } = {};
  try {
    const session = await PlaygroundSession.start(target, {
      callerEnv: process.env,
      capabilities: capabilitiesOf({ mode: parsed.data.target.capabilities ?? 'host' }),
      start: {
        timeoutMs: parsed.data.target.connectTimeoutMs ?? EXERCISE_LIMITS.startTimeoutMs,
        option: API_CONNECT_OPTION,
      },
      onEnded: () => {
        if (made.session !== undefined) reservation.ended(made.session);
      },
    });
    made.session = session;
    reservation.register(session);
    if (session.ended !== null) reservation.ended(session);
    return Response.json(session.started, { status: 201, headers: NO_STORE });
  } catch (error) {
    reservation.cancel();
    return failure(error, 'The playground start');
  }
}

export async function handlePlaygroundCall(request: Request, id: string): Promise<Response> {
  let session;
  try {
    session = livePlayground(id);
  } catch (error) {
    return failure(error, 'The call');
  }
  const read = await readJsonRequest(request, '/api/playground/{id}', 'the call');
  if (!read.ok) return read.response;
  const parsed = playgroundCallRequestSchema.safeParse(read.body);
  if (!parsed.success)
    return badInput(
      `The call is not valid: ${describeIssues(parsed.error)}.`,
      'Send {method:"tools/call", name, arguments:{}}, {method:"resources/read", uri} or {method:"prompts/get", name, arguments:{}}.',
    );
  try {
    return Response.json(await session.call(parsed.data), { headers: NO_STORE });
  } catch (error) {
    return failure(error, 'The call');
  }
}

/** `after`: absent, or a whole number of at least 0. */
function afterOf(request: Request, name: string): number | undefined | null {
  const raw = new URL(request.url).searchParams.get(name);
  if (raw === null) return undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export function handlePlaygroundState(request: Request, id: string): Response {
  const after = afterOf(request, 'after');
  const pendingAfter = afterOf(request, 'pendingAfter');
  if (after === null || pendingAfter === null)
    return badInput(
      'after and pendingAfter must be whole numbers (the seq of the last log entry read; the number of the last waiting request read).',
      'Send ?after=0 or leave them out.',
    );
  try {
    return Response.json(playgroundState(id, after, pendingAfter), { headers: NO_STORE });
  } catch (error) {
    return failure(error, 'The state');
  }
}

export async function handlePlaygroundAnswer(request: Request, id: string): Promise<Response> {
  let session;
  try {
    session = livePlayground(id);
  } catch (error) {
    return failure(error, 'The answer');
  }
  const read = await readJsonRequest(request, '/api/playground/{id}/answer', 'the answer');
  if (!read.ok) return read.response;
  const parsed = playgroundAnswerSchema.safeParse(read.body);
  if (!parsed.success)
    return badInput(
      `The answer is not valid: ${describeIssues(parsed.error)}.`,
      'Send {requestId, method:"elicitation/create", action:"accept"|"decline"|"cancel", content?} or {requestId, method:"sampling/createMessage", action:"accept"|"decline", text?}.',
    );
  try {
    session.answer(parsed.data);
    return new Response(null, { status: 204, headers: NO_STORE });
  } catch (error) {
    return failure(error, 'The answer');
  }
}

/** Ends the session (204); one that already ended answers 204 too, an unknown id 404. */
export async function handlePlaygroundEnd(id: string): Promise<Response> {
  try {
    const session = livePlayground(id);
    await session.close('ended by the user');
  } catch (error) {
    if (!(error instanceof AuditError && error.code === 'session-ended')) return failure(error, 'Ending the session');
  }
  return new Response(null, { status: 204, headers: NO_STORE });
}
