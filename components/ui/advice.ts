/**
 * Advice in the dashboard's own words. Problems carry hints written for the CLI (--env NAME,
 * --header, --transport sse, `mcp-hintcheck oauth <url>`); inside the dashboard the same advice
 * names the form's controls instead. Missing variables come as data (problem.missingEnv), never
 * read back out of the prose.
 */
import type { UiProblem } from './ui-problem';

const PHRASES: readonly [RegExp, string][] = [
  [
    /pass the variables it needs with --env NAME \(only the default allowlist reaches it otherwise\)/,
    'add the variables it needs under Environment variables in the form above (only HOME, LOGNAME, PATH, SHELL, TERM and USER reach it otherwise)',
  ],
  [/give a value with --env ([A-Za-z_][A-Za-z0-9_]*)=value/, 'type a value for $1 in its Environment variables row'],
  [/ \(export ([A-Za-z_][A-Za-z0-9_]*)=\.\.\.\)/, ''],
  [
    /Check who guards it with `mcp-hintcheck oauth <url>`, then pass a token with --header "Authorization: Bearer <token>"\./,
    'Who guards it is shown below, from its own metadata: sign in there, or add an Authorization header row with a token it accepts, and list the tools again.',
  ],
  [/--header "([^"]+)"/g, 'an HTTP header row ($1)'],
  [/Try --transport sse/, 'Choose Transport: legacy HTTP+SSE'],
  [
    / Raise --timeout if it is just slow\./,
    ' If it is just slow, the CLI can wait longer (mcp-hintcheck audit --timeout).',
  ],
  [/`mcp-hintcheck oauth <url>`/g, 'Audit URL'],
  [
    /is audited on the host: leave out --sandbox \(with --exercise, add --no-sandbox\)\./,
    'is audited on the host: press Audit on the host below (its consent is written beside it).',
  ],
];

/** The hint in the dashboard's words (unchanged when it names no CLI option). */
export function dashboardHint(problem: Pick<UiProblem, 'hint'>): string | undefined {
  if (problem.hint === undefined) return undefined;
  let hint = problem.hint;
  for (const [pattern, replacement] of PHRASES) hint = hint.replace(pattern, replacement);
  return hint;
}
