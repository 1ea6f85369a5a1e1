/**
 * `mcp-hintcheck call` (issue 37): one call by hand, inside the exercise's sandbox: start the server
 * there (a playground session, lib/server/playground/session.ts), make the call (a tool with its
 * arguments, a resource read, a prompt got), print the result inspected, the effects with their
 * evidence and the verdict against the tool's hints (text, or the PlaygroundCallResult as JSON), and
 * end the session. The server's requests: elicitation declined and sampling refused, unless
 * --answer-elicitation / --answer-sampling say what to answer. Exit codes (exit-codes.ts): 0 the call
 * was answered and nothing was found; 1 a finding on the result or on what the call did; 2 usage
 * (a tool the server does not list included); 3 the server did not start, exited or did not answer
 * in time; 130 Ctrl-C.
 */
import type { PlaygroundAnswer, PlaygroundCallResult, PlaygroundPending } from '../core/playground/schema';
import { AuditError } from '../server/errors';
import { CONNECT_OPTION } from '../server/mcp/connect-deadline';
import { checkSandbox } from '../server/exercise/sandbox';
import { PlaygroundSession } from '../server/playground/session';
import { parseCallArgs, type CallCommand } from './call-args';
import { EXIT } from './exit-codes';
import { catchInterrupts } from './interrupts';
import type { CliIo } from './io';
import { renderCall } from './print/print-call';
import { ansiStyle, errorText, outputSafe, terminalSafe } from './print/terminal';

export const CALL_USAGE = `Usage: mcp-hintcheck call (--tool NAME [--args JSON] | --resource URI | --prompt NAME [--args JSON])
                         [--json | --format text|json] [--answer-elicitation JSON] [--answer-sampling TEXT]
                         [--env NAME[=value]] [--cwd DIR] [--connect-timeout MS] -- <command> [args...]

Starts the local server inside the exercise's sandbox (bubblewrap and strace: no network, the system
read-only, a throwaway HOME and working folder /tmp/work), makes the one call, and prints the result
(hidden characters marked, links not followed, instructions to the model flagged), what the call did
in the sandbox with the evidence, and the verdict against the tool's hints (a call made once is never
called contradicted: at most inconclusive). The server's requests: elicitation is declined and sampling
refused unless --answer-elicitation '{"field": value}' or --answer-sampling TEXT say what to answer
(never forwarded to a model). --connect-timeout MS: the server's start and initialize in the sandbox
(default 30000). Exit 0: answered, nothing found; 1: a finding on the result or the
behaviour; 2: usage; 3: the server did not start, exited or did not answer in time. Docs: docs/playground.md
`;

/** The CLI's answer to each server request: the options' values, else decline / refuse. */
function autoAnswer(command: CallCommand): (pending: PlaygroundPending) => PlaygroundAnswer {
  return (pending) => {
    if (pending.method === 'elicitation/create')
      return command.elicitation === null
        ? { requestId: pending.requestId, method: pending.method, action: 'decline' }
        : { requestId: pending.requestId, method: pending.method, action: 'accept', content: command.elicitation };
    return command.sampling === null
      ? { requestId: pending.requestId, method: pending.method, action: 'decline' }
      : { requestId: pending.requestId, method: pending.method, action: 'accept', text: command.sampling };
  };
}

/** The exit code for a call that was made. */
export function callExitCode(result: PlaygroundCallResult): number {
  if (result.outcome === 'timeout' || result.outcome === 'server-exited') return EXIT.unreachable;
  const found = (result.inspection?.findings.length ?? 0) + (result.behaviour?.findings.length ?? 0);
  return found > 0 ? EXIT.gate : EXIT.ok;
}

function unlisted(session: PlaygroundSession, command: CallCommand): AuditError | null {
  if (command.what.method !== 'tools/call') return null;
  const names = session.started.surface.tools.map((tool) => tool.name);
  if (names.includes(command.what.name)) return null;
  const shown = names.slice(0, 20).map((name) => terminalSafe(name, 60));
  return new AuditError(
    'bad-input',
    `The server does not list a tool named "${terminalSafe(command.what.name, 80)}".`,
    {
      hint:
        names.length === 0
          ? 'It lists no tools.'
          : `It lists: ${shown.join(', ')}${names.length > shown.length ? `, and ${names.length - shown.length} more` : ''}.`,
    },
  );
}

export async function runCallCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseCallArgs(argv, io.demo);
    if (parsed.kind === 'help') {
      io.stdout.write(CALL_USAGE);
      return EXIT.ok;
    }
    await checkSandbox(io.callerEnv.PATH);
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(errorText(error));
    return EXIT.usage;
  }
  const command = parsed;
  const interrupts = catchInterrupts(io);
  let session: PlaygroundSession | null = null;
  try {
    const starting = PlaygroundSession.start(command.target, {
      callerEnv: io.callerEnv,
      autoAnswer: autoAnswer(command),
      ...(command.connectTimeoutMs === undefined
        ? {}
        : { start: { timeoutMs: command.connectTimeoutMs, option: CONNECT_OPTION } }),
    });
    // Ctrl-C while starting: the start fails as its server goes (its close), and is reported as cancelled.
    interrupts.signal.addEventListener('abort', () => void starting.then((made) => made.close('cancelled')), {
      once: true,
    });
    session = await starting;
    const live = session;
    interrupts.signal.addEventListener('abort', () => void live.close('cancelled'), { once: true });
    const refused = unlisted(session, command);
    if (refused !== null) {
      io.stderr.write(errorText(refused));
      return EXIT.usage;
    }
    const result = await session.call(command.what);
    if (interrupts.signal.aborted) return EXIT.interrupted;
    const answering = { elicitation: command.elicitation !== null, sampling: command.sampling !== null };
    io.stdout.write(
      command.json
        ? outputSafe(`${JSON.stringify(result, null, 2)}\n`, 'json')
        : outputSafe(
            renderCall(
              session.started,
              result,
              answering,
              ansiStyle(io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined),
            ),
            'text',
          ),
    );
    return callExitCode(result);
  } catch (error) {
    if (interrupts.signal.aborted) return EXIT.interrupted;
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(errorText(error));
    return error.code === 'bad-input' ? EXIT.usage : EXIT.unreachable;
  } finally {
    interrupts.stop();
    await session?.close('the call is done');
  }
}
