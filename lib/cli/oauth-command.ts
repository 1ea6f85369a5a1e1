/** `mcp-hintcheck oauth URL`: the unauthenticated OAuth metadata check, printed in the format asked for. */
import type { OAuthReport } from '../core/oauth/schemas';
import type { SignInFacts } from '../core/oauth/sign-in';
import { mostSevere } from '../core/report/findings';
import { atOrAbove } from '../core/severity';
import { AuditError } from '../server/errors';
import { checkOAuth } from '../server/mcp/oauth-discovery';
import type { LoginOptions, OAuthCommand } from './args';
import { emit } from './emit';
import { gateNote } from './gate-note';
import { EXIT } from './exit-codes';
import { renderAs } from './formats/registry';
import type { CliIo } from './io';
import { ansiStyle, errorText } from './print/terminal';

export function renderOAuth(
  oauth: OAuthReport,
  signIn: SignInFacts | null,
  command: Pick<OAuthCommand, 'format' | 'color' | 'output'>,
  io: Pick<CliIo, 'stdout' | 'callerEnv'>,
): Promise<string> {
  const toFile = command.output !== null;
  const color = command.color ?? (!toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined);
  return renderAs(command.format, 'oauth', { oauth, signIn, style: ansiStyle(color) });
}

export async function runOAuthCommand(command: OAuthCommand, io: CliIo): Promise<number> {
  if (command.login != null) return runOAuthWithLogin(command, command.login, io);
  const oauth = await checkOAuth(command.url, command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs });
  if (!emit(await renderOAuth(oauth, null, command, io), command, io)) return EXIT.usage;
  // A web page is no MCP endpoint to judge (lib/core/web-page.ts): as unreachable as no answer at all.
  return oauth.reachable && oauth.webPage !== true ? gated(oauth, command, io) : EXIT.unreachable;
}

/** 1 when an OAuth finding is at or above --fail-on (default high), said on stderr; else 0. */
function gated(oauth: OAuthReport, command: Pick<OAuthCommand, 'failOn'>, io: Pick<CliIo, 'stderr'>): number {
  const worst = mostSevere(oauth.findings);
  if (command.failOn === null || worst === null || !atOrAbove(worst, command.failOn)) return EXIT.ok;
  io.stderr.write(gateNote(worst, command.failOn));
  return EXIT.gate;
}

async function runOAuthWithLogin(command: OAuthCommand, login: LoginOptions, io: CliIo): Promise<number> {
  const { signInForCli, signInFacts } = await import('./login');
  let result;
  try {
    result = await signInForCli(command.url, login, io, { timeoutMs: command.timeoutMs });
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(errorText(error));
    return EXIT.unreachable;
  }
  const facts = signInFacts(result.signedIn, null);
  if (!emit(await renderOAuth(result.oauth, facts, command, io), command, io)) return EXIT.usage;
  return gated(result.oauth, command, io);
}
