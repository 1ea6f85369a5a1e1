/**
 * The registry of MCP clients whose configuration files can be imported: one file per client in
 * clients/ carries everything about it (client-definition.ts says what). Adding a client is its file,
 * its id in client-ids.ts and its entry in CLIENTS; the compiler rejects an id without a definition or a
 * definition without a part, and clients.test.ts checks every definition works on every OS.
 */
import type { ClientDefinition } from './client-definition';
import type { ClientId } from './client-ids';
import { claudeCode } from './clients/claude-code';
import { claudeDesktop } from './clients/claude-desktop';
import { cline } from './clients/cline';
import { codex } from './clients/codex';
import { copilotCli } from './clients/copilot-cli';
import { cursor } from './clients/cursor';
import { file } from './clients/file';
import { gemini } from './clients/gemini';
import { kiro } from './clients/kiro';
import { opencode } from './clients/opencode';
import { rooCode } from './clients/roo-code';
import { vscode } from './clients/vscode';
import { windsurf } from './clients/windsurf';
import { zed } from './clients/zed';

export { CLIENT_IDS, type ClientId } from './client-ids';

export const CLIENTS: { readonly [Id in ClientId]: ClientDefinition<Id> } = {
  'claude-desktop': claudeDesktop,
  'claude-code': claudeCode,
  cursor,
  vscode,
  windsurf,
  gemini,
  kiro,
  'copilot-cli': copilotCli,
  cline,
  zed,
  opencode,
  codex,
  'roo-code': rooCode,
  file,
};
