/**
 * Signal: the tool says it runs code, commands or queries written by the caller. Phrases about the
 * tool itself, not bare words: a verb that runs (run, execute, evaluate, eval, start a process, send
 * input to a shell) with what it runs (code, a script, commands, JavaScript, SQL), in its name or
 * the first sentence of its title or description (where a description says what the tool does), or
 * anywhere when the phrase says it runs anything at all ("executes arbitrary JavaScript", "RCE",
 * "start a terminal process"). Negated spans ("without starting a shell command") and field lists
 * ("blockedCommands (array of blocked shell commands)") are skipped. Two strengths: arbitrary code
 * or commands on the host (high), and code of a stated kind, a page script or a query (medium). A
 * match is a reason to read the tool, not proof. MCP security best practices.
 */
import { raised, type FlagDefinition } from '../finding';
import type { SignalRule } from './signal-rule';
import type { Severity } from '../severity';
import { DESERIALIZES_OR_INSTALLS, RENDERS_OR_EVALUATES } from './code-by-other-names';
import { affirmedPhrase, firstSentence } from './words';

export const EXECUTES_CODE_ID = 'executes-code';

const LANGUAGES = 'javascript|js|typescript|python|ruby|perl|php|lua|shell|bash|powershell|sql|cypher|sparql';
const RUNS = String.raw`\b(?:run|runs|execute[sd]?|executing|eval|evaluat(?:e|es|ed|ing))\b`;

/** Anything at all, on the host: the strongest reading, anywhere in the text. */
const ARBITRARY: readonly RegExp[] = [
  /\b(?:arbitrary|unsafe|untrusted|any)\b[^.\n]{0,12}?\b(?:code|commands?|javascript|python|scripts?|programs?)\b/i,
  /\bRCE\b|\bremote code execution\b/i,
  new RegExp(String.raw`${RUNS}[^.\n]{0,30}?\b(?:shell|terminal|system|bash|powershell|os) commands?\b`, 'i'),
  /\b(?:start|starts|launch(?:es)?|spawn(?:s)?)\b[^.\n]{0,20}?\b(?:terminal |shell |repl |sub)?process(?:es)?\b/i,
  /\bsend(?:s)? input to\b[^.\n]{0,30}?\b(?:terminal|shell|repl|process)/i,
];

/** A name that is a shell or runs commands (shell_exec, run_shell, execute_command): its identity, not prose. */
const NAMED_ARBITRARY: readonly RegExp[] = [
  /\b(?:shell|bash|powershell|terminal|cmd)\b/i,
  /\b(?:exec|execute|run)\s+(?:commands?|cmd|process|program)\b/i,
];
/** A name that executes or evaluates (exec_sql, eval): of a stated kind at least. */
const NAMED_STATED: readonly RegExp[] = [/\b(?:exec|eval)\b/i];

/** Code of a stated kind, a script in a page, a query: read in the name and the first sentence. */
const STATED: readonly RegExp[] = [
  new RegExp(
    String.raw`${RUNS}[^.\n]{0,30}?\b(?:code|scripts?|snippets?|commands?|${LANGUAGES}|expressions?|quer(?:y|ies))\b`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:${LANGUAGES})\b[^.\n]{0,20}?\b(?:expressions?|snippets?|quer(?:y|ies)|statements?)\b`,
    'i',
  ),
];

/** Said of the tool itself, anywhere: "this tool executes …", "it runs the given code", an argument's "Code to execute". */
const ITSELF: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:this tool|the tool|it)\s+${RUNS}[^.\n]{0,30}?\b(?:code|scripts?|commands?)\b`, 'i'),
  /\b(?:code|scripts?|commands?|snippets?) to (?:run|execute|evaluate)\b/i,
];

/** The phrase that says the tool runs code, and how strongly (high: arbitrary; medium: stated), or null. */
export function executesCode(
  name: string,
  prose: readonly string[],
): { phrase: string; severity: Extract<Severity, 'high' | 'medium'> } | null {
  const all = [name, ...prose];
  const arbitrary =
    affirmedPhrase([name], NAMED_ARBITRARY) ??
    affirmedPhrase(all, ARBITRARY) ??
    affirmedPhrase(all, DESERIALIZES_OR_INSTALLS);
  if (arbitrary !== null) return { phrase: arbitrary, severity: 'high' };
  const opening = [name, ...prose.map(firstSentence)];
  const stated =
    affirmedPhrase([name], NAMED_STATED) ??
    affirmedPhrase(opening, STATED) ??
    affirmedPhrase(opening, RENDERS_OR_EVALUATES) ??
    affirmedPhrase(prose, ITSELF);
  return stated === null ? null : { phrase: stated, severity: 'medium' };
}

/** The phrase alone (name words first, then the prose), or null. */
export function executesCodePhrase(texts: readonly string[]): string | null {
  return executesCode(texts[0] ?? '', texts.slice(1))?.phrase ?? null;
}

export const EXECUTES_CODE_DEFINITION: FlagDefinition<typeof EXECUTES_CODE_ID> = {
  id: EXECUTES_CODE_ID,
  severity: 'high',
  title: 'Says it runs code or commands',
  meaning:
    'The tool says it runs code, scripts, shell commands or queries the caller writes: in its name or the first sentence of its description ("Evaluate JavaScript", "Run a read-only SQL query", "Render Jinja templates", "Evaluate a formula"; medium), or anywhere when it says it runs anything at all ("executes arbitrary JavaScript", "RCE-equivalent", "start a terminal process", "Deserialize Python objects from pickle", "Supports all YAML features", "downloads and applies the latest security fixes", "install package"; high, among the strongest signals of the risk order). Negated phrases ("without starting a shell command") and field lists ("blockedCommands (array of blocked shell commands)") do not count. Such a tool can do whatever its host lets it, whatever its annotations claim. Heuristic: phrase patterns.',
  default: null,
  doesNotTell:
    'What it runs, where, or with which permissions (a browser page, a sandbox, the server process); a tool that runs code without saying so is not caught.',
  reference: 'MCP security best practices; heuristic of this tool (signals in the tool itself)',
};

export const executesCodeRule: SignalRule<typeof EXECUTES_CODE_ID> = {
  definition: EXECUTES_CODE_DEFINITION,
  check({ words, prose }) {
    const runs = executesCode(words, prose);
    if (runs === null) return null;
    const what = runs.severity === 'high' ? 'it may run any code or command' : 'it may run code or queries';
    return raised(EXECUTES_CODE_DEFINITION, `Says "${runs.phrase}": ${what}.`, runs.severity);
  },
};
