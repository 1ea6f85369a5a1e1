/** `mcp-hintcheck oauth URL`: the unauthenticated OAuth metadata check, printed. */
import { oauthFindingsToCsv } from '../core/csv';
import type { OAuthReport } from '../core/oauth/schemas';
import { checkOAuth } from '../server/oauth-discovery';
import type { OAuthCommand } from './args';
import { emit } from './emit';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { renderOAuthSection } from './print-oauth';
import { ansiStyle } from './terminal';

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
  const oauth = await checkOAuth(command.url, command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs });
  if (!emit(renderOAuth(oauth, command, io, command.output !== null), command, io)) return EXIT.usage;
  return oauth.reachable ? EXIT.ok : EXIT.unreachable;
}
