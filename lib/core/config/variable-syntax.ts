/** The variable syntaxes a client may expand in its file (variables.ts implements each). */
export const VARIABLE_SYNTAXES = [
  'none',
  'claude-code',
  'vscode',
  'cursor',
  'windsurf',
  'gemini',
  'generic',
  'env-braces',
  'opencode',
  'roo',
] as const;
export type VariableSyntax = (typeof VARIABLE_SYNTAXES)[number];
