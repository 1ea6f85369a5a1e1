/**
 * `mcp-hintcheck doctor URL [--json] [--timeout MS]`: why a hosted server cannot be reached, step by
 * step (lib/server/doctor/). Prints each step with its outcome, time and what to try, then names the
 * first failing step. Exit 0 when no step failed (warnings included), 3 when one did, 2 on bad usage
 * (lib/cli/exit-codes.ts). A private CA is trusted through NODE_EXTRA_CA_CERTS, as for every command.
 */
import { parseArgs } from 'node:util';
import { DOCTOR_STEP_TITLES, type DoctorResult } from '../core/doctor/steps';
import { runDoctor } from '../server/doctor/run-doctor';
import { EXIT } from './exit-codes';
import { wantsJson } from './formats/registry';
import type { CliIo } from './io';
import { terminalSafe } from './print/terminal';

export const DOCTOR_USAGE = `Usage: mcp-hintcheck doctor URL [--json | --format text|json] [--timeout MS]

Checks, in order: name resolution, TCP, TLS (certificate, name, expiry, chain), HTTP status and content
type, Streamable HTTP then legacy SSE, both protocol eras (server/discover, initialize), and for a server
that asks for sign-in its protected-resource and authorization-server metadata. Every request goes
through the same SSRF guard as the audit (loopback only for a loopback URL). Exit 0: no step failed;
3: a step failed (named); 2: usage. Docs: docs/doctor.md
`;

const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' } as const;

export function renderDoctor(result: DoctorResult): string {
  const lines = [`doctor ${terminalSafe(result.url, 300)}`, ''];
  for (const entry of result.steps) {
    const time = entry.outcome === 'skip' ? '' : ` (${entry.durationMs} ms)`;
    lines.push(`${MARK[entry.outcome]} ${DOCTOR_STEP_TITLES[entry.id]}${time}: ${terminalSafe(entry.detail, 400)}`);
    if (entry.tryNext !== null) lines.push(`     try: ${terminalSafe(entry.tryNext, 400)}`);
  }
  lines.push('');
  lines.push(
    result.firstProblem === null
      ? 'Every step answered.'
      : `${result.failed ? 'First failing step' : 'First warning'}: ${result.firstProblem} (${DOCTOR_STEP_TITLES[result.firstProblem]}).`,
  );
  return `${lines.join('\n')}\n`;
}

export async function runDoctorCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        format: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.stderr.write(
      `mcp-hintcheck doctor: ${terminalSafe(error instanceof Error ? (error.message.split('\n')[0] ?? '') : '', 300)}\n${DOCTOR_USAGE}`,
    );
    return EXIT.usage;
  }
  if (parsed.values.help === true) {
    io.stdout.write(DOCTOR_USAGE);
    return EXIT.ok;
  }
  let json: boolean;
  try {
    json = wantsJson(parsed.values, 'doctor');
  } catch (error) {
    io.stderr.write(`mcp-hintcheck doctor: ${error instanceof Error ? error.message : ''}\n${DOCTOR_USAGE}`);
    return EXIT.usage;
  }
  const [raw, ...extra] = parsed.positionals;
  const timeout = parsed.values.timeout;
  const url = raw !== undefined && URL.canParse(raw) ? new URL(raw) : null;
  if (
    url === null ||
    extra.length > 0 ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    (timeout !== undefined && !/^[1-9]\d*$/.test(timeout))
  ) {
    io.stderr.write(
      `mcp-hintcheck doctor: give one http(s) URL${timeout === undefined ? '' : ' and --timeout in milliseconds'}.\n${DOCTOR_USAGE}`,
    );
    return EXIT.usage;
  }
  const result = await runDoctor(url.toString(), timeout === undefined ? {} : { timeoutMs: Number(timeout) });
  io.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : renderDoctor(result));
  return result.failed ? EXIT.unreachable : EXIT.ok;
}
