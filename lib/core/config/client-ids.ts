/**
 * The ids of the clients in the registry (clients.ts), in discovery order; `file` (a --config file
 * no client recognises) is last. Apart from the registry so entry shapes can name a client without
 * importing every definition.
 */
export const CLIENT_IDS = [
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'windsurf',
  'gemini',
  'kiro',
  'copilot-cli',
  'cline',
  'zed',
  'opencode',
  'codex',
  'roo-code',
  'file',
] as const;
export type ClientId = (typeof CLIENT_IDS)[number];
