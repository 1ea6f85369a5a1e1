/**
 * One table of exit codes for every command, so a CI script can tell "the gate failed" from "the
 * server never answered". docs/cli.md shows the same table (a test keeps them equal).
 */

export const EXIT = { ok: 0, gate: 1, usage: 2, unreachable: 3, interrupted: 130 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface ExitCodeRow {
  code: ExitCode;
  meaning: string;
  when: string;
}

export const EXIT_CODE_TABLE: readonly ExitCodeRow[] = [
  {
    code: EXIT.ok,
    meaning: 'done, nothing gated',
    when: 'every command, when it did its job and no gate failed (with `--fail-on none`, whatever it found)',
  },
  {
    code: EXIT.gate,
    meaning: 'a gate failed',
    when: '`audit`, `oauth` or `scan`: a finding at or above `--fail-on SEVERITY` (default high; OAuth included); `verify` found a change its `--fail-on` gates (default: widening, changed text, an added or removed tool, a broken pin or cap); `call` found something in the result (an instruction to the model, hidden characters, links, an envelope) or in what the call did (a behaviour finding, confirmed or not)',
  },
  {
    code: EXIT.usage,
    meaning: 'usage error',
    when: 'bad arguments (for `call`: a tool the server does not list, or no sandbox), an unreadable or invalid contract file, an unreadable `--server-json` file, an output file that cannot be written, an unknown history id',
  },
  {
    code: EXIT.unreachable,
    meaning: 'could not connect, list or reach',
    when: 'the server did not start, answer or finish listing (the partial report is still printed); `oauth` could not reach the URL, or it is a web page, not an MCP endpoint; `history` could not open its file; `doctor` found a failing step (it names the first); `call`: the server did not start in the sandbox, exited, or did not answer in time',
  },
  { code: EXIT.interrupted, meaning: 'cancelled', when: 'Ctrl-C (the server is ended first)' },
];

/** The table for --help. */
export const EXIT_CODE_HELP = `Exit codes (every command):\n${EXIT_CODE_TABLE.map((row) => `  ${String(row.code).padEnd(4)}${row.meaning}`).join('\n')}\n`;
