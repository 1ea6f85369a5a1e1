/**
 * Signal: the tool says it runs code, commands or queries written by the caller (exec, eval, shell,
 * "run … code", "evaluate JavaScript", SQL). Word patterns on the tool's name words, title and
 * description; a match is a reason to read the tool, not proof. MCP security best practices.
 */
import type { FlagDefinition } from '../finding';

export const EXECUTES_CODE_ID = 'executes-code';

const LANGUAGES = 'javascript|js|typescript|python|ruby|perl|php|lua|shell|bash|powershell|sql|cypher|sparql';

const PATTERNS: readonly RegExp[] = [
  /\b(?:exec|execs|execute[sd]?|executing|execution|eval|shell|bash|powershell|subprocess|arbitrary code|rce|remote code execution)\b/i,
  /\brun(?:s)?\b[^.\n]{0,30}?\b(?:code|scripts?|commands?|snippets?)\b/i,
  new RegExp(
    String.raw`\bevaluat(?:e|es|ed|ing)\b[^.\n]{0,30}?\b(?:${LANGUAGES}|code|expressions?|scripts?|functions?)\b`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:${LANGUAGES})\b[^.\n]{0,20}?\b(?:expressions?|snippets?|quer(?:y|ies)|statements?)\b`,
    'i',
  ),
  /\b(?:run|runs|execute|executes)\b[^.\n]{0,30}?\b(?:sql|cypher|sparql)\b/i,
];

/** The phrase that says the tool runs code, commands or queries, or null. */
export function executesCodePhrase(texts: readonly string[]): string | null {
  for (const text of texts) {
    for (const pattern of PATTERNS) {
      const match = pattern.exec(text);
      if (match !== null) return match[0];
    }
  }
  return null;
}

export const EXECUTES_CODE_DEFINITION: FlagDefinition<typeof EXECUTES_CODE_ID> = {
  id: EXECUTES_CODE_ID,
  severity: 'high',
  title: 'Says it runs code or commands',
  meaning:
    'The name, title or description says the tool executes code, scripts, shell commands or queries the caller writes (exec, eval, shell, "run … code", "evaluate JavaScript", SQL). Such a tool can do whatever its host lets it, whatever its annotations claim: it is the strongest signal in the risk order. Heuristic: word patterns.',
  default: null,
  doesNotTell:
    'What it runs, where, or with which permissions (a browser page, a sandbox, the server process); a tool that runs code without saying so is not caught.',
  reference: 'MCP security best practices; heuristic of this tool (signals in the tool itself)',
};
