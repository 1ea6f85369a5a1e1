/**
 * Variable expansion exactly as each client does it, with nothing guessed: a variable that is not
 * set, an `${input:...}` the user must answer, or a form the client resolves from its own state
 * (`${config:...}`, `${command:...}`) becomes a Need; the text keeps the reference until the user
 * supplies a value. Supplied values are keyed `env:NAME` or `input:ID` and used for one batch only.
 *
 * - Claude Code: `${VAR}` and `${VAR:-default}` (default when unset or empty).
 * - VS Code: `${env:VAR}`, `${input:id}`, `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`,
 *   `${pathSeparator}` / `${/}`.
 * - Cursor: as VS Code, without inputs.
 * - Windsurf: `${env:VAR}`.
 * - Gemini CLI: `$VAR` and `${VAR}`.
 * - Claude Desktop: nothing is expanded; the text reaches the server as written.
 * - A --config file: `${VAR}`, `${VAR:-default}` and `${env:VAR}`.
 * - env-braces (Kiro, Copilot CLI): `${VAR}` only.
 * - OpenCode: `{env:VAR}`; `{file:path}` (a file's content) is resolved only by the client.
 */
import { z } from 'zod';
import type { VariableSyntax } from './variable-syntax';

export interface InputDefinition {
  id: string;
  description: string | null;
  password: boolean;
}

export const needSchema = z.object({
  kind: z.enum(['env', 'input', 'unsupported']),
  /** The variable as written inside the braces (`API_KEY`, `input:token`, `command:pick`). */
  name: z.string(),
  /** What a supplied value is keyed by: `env:NAME`, `input:ID`, or the text for an unsupported form. */
  key: z.string(),
  description: z.string().nullable(),
  /** The value is a secret (a VS Code input with password: true, or a secret-looking name). */
  password: z.boolean(),
});
export type Need = z.infer<typeof needSchema>;

export interface ExpandContext {
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  projectDir: string | null;
  pathSeparator: string;
  /** Values the user supplied for this batch, by Need key. */
  values: Readonly<Record<string, string>>;
  inputs: readonly InputDefinition[];
}

export interface Expanded {
  value: string;
  needs: Need[];
  /** Values substituted from the environment or the user (to redact from anything shown). */
  substituted: string[];
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const PATTERNS: Record<Exclude<VariableSyntax, 'none'>, RegExp> = {
  'claude-code': new RegExp(`\\$\\{(${NAME})(?::-([^}]*))?\\}`, 'g'),
  generic: new RegExp(`\\$\\{(?:env:)?(${NAME})(?::-([^}]*))?\\}`, 'g'),
  vscode: /\$\{([^}]+)\}/g,
  cursor: /\$\{([^}]+)\}/g,
  windsurf: /\$\{([^}]+)\}/g,
  gemini: new RegExp(`\\$(?:\\{(${NAME})\\}|(${NAME}))`, 'g'),
  'env-braces': new RegExp(`\\$\\{(${NAME})\\}`, 'g'),
  opencode: new RegExp(`\\{(env:${NAME}|file:[^}]+)\\}`, 'g'),
  // Roo Code (src/utils/config.ts injectVariables): ${env:NAME} with NAME \w+, and ${workspaceFolder}; nothing else.
  roo: /\$\{(env:\w+|workspaceFolder)\}/g,
};

const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|PAT$/i;

function envNeed(name: string): Need {
  return { kind: 'env', name, key: `env:${name}`, description: null, password: SECRET_NAME.test(name) };
}

/**
 * A variable the client reads by name from its own environment (Codex's env_vars and
 * bearer_token_env_var): its value, else one the user supplied, else a Need.
 */
export function expandVariable(name: string, context: Pick<ExpandContext, 'env' | 'values'>): Expanded {
  const value = context.env[name] ?? context.values[`env:${name}`];
  if (value === undefined) return { value: '', needs: [envNeed(name)], substituted: [] };
  return { value, needs: [], substituted: [value] };
}

/** True when the text holds a variable reference this syntax would expand. */
export function hasVariable(text: string, syntax: VariableSyntax): boolean {
  if (syntax === 'none') return false;
  const pattern = PATTERNS[syntax];
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

export function expandString(text: string, syntax: VariableSyntax, context: ExpandContext): Expanded {
  const needs: Need[] = [];
  const substituted: string[] = [];
  if (syntax === 'none') return { value: text, needs, substituted };

  const fromEnv = (name: string, fallback: string | undefined, whole: string): string => {
    const set = context.env[name];
    if (set !== undefined && (fallback === undefined || set !== '')) {
      substituted.push(set);
      return set;
    }
    if (fallback !== undefined) return fallback;
    const supplied = context.values[`env:${name}`];
    if (supplied !== undefined) {
      substituted.push(supplied);
      return supplied;
    }
    needs.push(envNeed(name));
    return whole;
  };

  const editorVariable = (inner: string, whole: string, inputs: boolean, envOnly: boolean): string => {
    if (inner.startsWith('env:')) return fromEnv(inner.slice(4), undefined, whole);
    if (!envOnly) {
      if (inner === 'userHome') return context.home;
      if (inner === 'pathSeparator' || inner === '/') return context.pathSeparator;
      if ((inner === 'workspaceFolder' || inner === 'workspaceFolderBasename') && context.projectDir !== null) {
        if (inner === 'workspaceFolder') return context.projectDir;
        return context.projectDir.split(/[\\/]/).filter(Boolean).at(-1) ?? context.projectDir;
      }
      if (inputs && inner.startsWith('input:')) {
        const id = inner.slice(6);
        const supplied = context.values[`input:${id}`];
        if (supplied !== undefined) {
          substituted.push(supplied);
          return supplied;
        }
        const definition = context.inputs.find((input) => input.id === id);
        needs.push({
          kind: 'input',
          name: inner,
          key: `input:${id}`,
          description: definition?.description ?? null,
          password: definition?.password ?? true,
        });
        return whole;
      }
    }
    needs.push({ kind: 'unsupported', name: inner, key: whole, description: null, password: false });
    return whole;
  };

  const pattern = PATTERNS[syntax];
  const value = text.replace(pattern, (whole: string, a: string | undefined, b: string | undefined) => {
    switch (syntax) {
      case 'claude-code':
      case 'generic':
        return fromEnv(a ?? '', b, whole);
      case 'gemini':
        return fromEnv(a ?? b ?? '', undefined, whole);
      case 'env-braces':
        return fromEnv(a ?? '', undefined, whole);
      case 'opencode':
        return editorVariable(a ?? '', whole, false, true);
      case 'vscode':
        return editorVariable(a ?? '', whole, true, false);
      case 'cursor':
      case 'roo':
        return editorVariable(a ?? '', whole, false, false);
      case 'windsurf':
        return editorVariable(a ?? '', whole, false, true);
    }
  });
  return { value, needs, substituted };
}

/** Merges needs by key, keeping the first description. */
export function uniqueNeeds(needs: readonly Need[]): Need[] {
  const byKey = new Map<string, Need>();
  for (const need of needs) if (!byKey.has(need.key)) byKey.set(need.key, need);
  return [...byKey.values()];
}

/** Where a `${...}` in a value takes its text from, as the client would expand it. */
export interface VariableRef {
  /** The reference as written (a `:-default` that looks like a secret shown as `:-…`). */
  written: string;
  /** env: a variable of the caller; input: asked by the client; editor: a path the editor fills in. */
  kind: 'env' | 'input' | 'editor' | 'unsupported';
  /** The caller's variable (env), the input id, or the editor variable. */
  name: string;
}

const EDITOR_VARIABLES = new Set(['userHome', 'workspaceFolder', 'workspaceFolderBasename', 'pathSeparator', '/']);

/**
 * Every variable reference in a text, in order, classified the way expandString resolves it.
 * `hideDefault` says whether a `${VAR:-default}` default must not be shown (it looks like a secret).
 */
export function variableRefs(
  text: string,
  syntax: VariableSyntax,
  hideDefault: (name: string, fallback: string) => boolean = () => false,
): VariableRef[] {
  if (syntax === 'none') return [];
  const refs: VariableRef[] = [];
  const pattern = new RegExp(PATTERNS[syntax].source, 'g');
  for (const match of text.matchAll(pattern)) {
    const whole = match[0];
    const a = match[1];
    const b = match[2];
    if (syntax === 'claude-code' || syntax === 'generic') {
      const name = a ?? '';
      const written = b !== undefined && hideDefault(name, b) ? whole.replace(`:-${b}}`, ':-…}') : whole;
      refs.push({ written, kind: 'env', name });
    } else if (syntax === 'opencode') {
      const inner = a ?? '';
      refs.push(
        inner.startsWith('env:')
          ? { written: whole, kind: 'env', name: inner.slice(4) }
          : { written: whole, kind: 'unsupported', name: inner },
      );
    } else if (syntax === 'gemini' || syntax === 'env-braces')
      refs.push({ written: whole, kind: 'env', name: a ?? b ?? '' });
    else {
      const inner = a ?? '';
      if (inner.startsWith('env:')) refs.push({ written: whole, kind: 'env', name: inner.slice(4) });
      else if (syntax === 'vscode' && inner.startsWith('input:'))
        refs.push({ written: whole, kind: 'input', name: inner.slice(6) });
      else if (syntax !== 'windsurf' && EDITOR_VARIABLES.has(inner))
        refs.push({ written: whole, kind: 'editor', name: inner });
      else refs.push({ written: whole, kind: 'unsupported', name: inner });
    }
  }
  return refs;
}
