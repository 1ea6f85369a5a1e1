/** `mcp-hintcheck oauth URL`: the unauthenticated OAuth metadata check, printed. */
import { oauthFindingsToCsv } from '../core/csv';
import type { OAuthReport } from '../core/oauth/schemas';
import { AuditError } from '../server/errors';
import { checkOAuth } from '../server/mcp/oauth-discovery';
import type { LoginOptions, OAuthCommand } from './args';
import { emit } from './emit';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { renderOAuthSection } from './print-oauth';
import { ansiStyle, errorText, terminalSafe } from './terminal';

export function renderOAuth(
  oauth: OAuthReport,
  command: Pick<OAuthCommand, 'format' | 'color'>,
  io: Pick<CliIo, 'stdout' | 'callerEnv'>,
  toFile: boolean,
): string {
  switch (command.format) {
    case 'json':
      return `${JSON.stringify(oauth, null, 2)}\n`;
    case 'csv':
      return oauthFindingsToCsv(oauth);
    case 'text': {
      const color = command.color ?? (!toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined);
      return `${renderOAuthSection(oauth, ansiStyle(color)).join('\n')}\n`;
    }
  }
}

export async function runOAuthCommand(command: OAuthCommand, io: CliIo): Promise<number> {
  if (command.login != null) return runOAuthWithLogin(command, command.login, io);
  const oauth = await checkOAuth(command.url, command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs });
  if (!emit(renderOAuth(oauth, command, io, command.output !== null), command, io)) return EXIT.usage;
  return oauth.reachable ? EXIT.ok : EXIT.unreachable;
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
  const text =
    command.format === 'json'
      ? `${JSON.stringify({ ...result.oauth, signIn: facts }, null, 2)}\n`
      : `${renderOAuth(result.oauth, command, io, command.output !== null)}signed in: ${terminalSafe(facts.issuer, 400)} · scopes granted: ${terminalSafe(facts.scopesGranted.join(' '), 1000) || '(none)'}\n`;
  return emit(text, command, io) ? EXIT.ok : EXIT.usage;
}
