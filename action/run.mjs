// The GitHub Action's one step (action.yml): get the CLI (an installed binary, or the packed tarball
// or published version installed into the runner's temp folder), run one command with SARIF output,
// and write the exit code and the result counts to $GITHUB_OUTPUT. The gate is the CLI's own (--fail-on,
// one rule in lib/core per command) and the step exits with the CLI's code (1: the gate failed);
// the outputs are written first, so a later `if: always()` step can read them.
// Inputs arrive as INPUT_* variables (action.yml maps them); no input is ever passed to a shell.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const input = (name, fallback = '') => (process.env[`INPUT_${name}`] ?? '').trim() || fallback;
const fail = (message) => {
  process.stderr.write(`mcp-hintcheck action: ${message}\n`);
  process.exit(2);
};

/** A command line split on spaces; "double quotes" keep spaces, \" a quote. */
export function splitCommandLine(text) {
  const words = [];
  let word = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\' && text[i + 1] === '"') {
      word += '"';
      started = true;
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
      started = true;
    } else if (/\s/.test(ch) && !quoted) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
      started = true;
    }
  }
  if (quoted) fail('the server command line has an unclosed double quote.');
  if (started) words.push(word);
  return words;
}

function installedCli() {
  const given = input('CLI');
  if (given !== '') {
    if (!existsSync(given)) fail(`cli: ${given} does not exist.`);
    return given;
  }
  const pkg = input('PACKAGE');
  if (pkg === '')
    fail(
      'set `package` to the packed tarball (a release asset, mcp-hintcheck-X.Y.Z.tgz) or, once published, mcp-hintcheck@X.Y.Z; or `cli` to an installed binary.',
    );
  const prefix = join(process.env.RUNNER_TEMP ?? process.cwd(), 'mcp-hintcheck-cli');
  mkdirSync(prefix, { recursive: true });
  const spec = existsSync(pkg) ? resolve(pkg) : pkg;
  const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', spec], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (npm.status !== 0) fail(`could not install ${pkg} (npm exit ${npm.status ?? npm.signal}).`);
  return join(prefix, 'node_modules', '.bin', 'mcp-hintcheck');
}

function target() {
  const url = input('URL');
  const server = input('SERVER');
  if (url !== '' && server !== '') fail('set `server` or `url`, not both.');
  if (url !== '') return ['--url', url];
  if (server === '') fail('set `server` (a command line) or `url` for this mode.');
  return ['--', ...splitCommandLine(server)];
}

function commandFor(mode, sarif) {
  const failOn = input('FAIL_ON');
  const out = ['--format', 'sarif', '-o', sarif];
  switch (mode) {
    case 'audit':
      return ['audit', ...out, '--no-history', '--fail-on', failOn || 'high', ...target()];
    case 'verify':
      return [
        'verify',
        '--contract',
        input('CONTRACT', 'mcp-surface.json'),
        ...out,
        '--fail-on',
        failOn || 'widening',
        ...target(),
      ];
    case 'scan': {
      const files = input('CONFIG')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      // The repository's own files (.mcp.json, .cursor/, .vscode/, ...) and any `config` files given.
      const audit = input('SCAN_AUDIT') === 'true' ? ['--yes'] : [];
      return [
        'scan',
        '--project',
        process.cwd(),
        ...files.flatMap((file) => ['--config', file]),
        ...out,
        '--fail-on',
        failOn || 'high',
        ...audit,
      ];
    }
    default:
      return fail(`mode is audit, verify or scan, not "${mode}".`);
  }
}

/** What each SARIF level counts as (mcp-hintcheck writes error for high, warning for medium, note below). */
const LEVEL_COUNT = { error: 'high', warning: 'medium', note: 'low', none: 'low' };

/**
 * Result counts by severity: each result's own level, which is the severity it was raised at (a rule
 * may raise a finding below its default, e.g. a caller's secret passed to a local server); a result
 * without a level counts by its rule's security severity.
 */
export function sarifCounts(log) {
  const counts = { results: 0, high: 0, medium: 0, low: 0 };
  for (const run of log.runs ?? []) {
    const rules = run.tool?.driver?.rules ?? [];
    for (const result of run.results ?? []) {
      counts.results += 1;
      const byLevel = LEVEL_COUNT[result.level];
      if (byLevel !== undefined) {
        counts[byLevel] += 1;
        continue;
      }
      const rule = rules[result.ruleIndex] ?? rules.find((candidate) => candidate.id === result.ruleId);
      const severity = Number(rule?.properties?.['security-severity'] ?? 1);
      if (severity >= 7) counts.high += 1;
      else if (severity >= 4) counts.medium += 1;
      else counts.low += 1;
    }
  }
  return counts;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const mode = input('MODE', 'audit');
  const sarif = input('SARIF', 'mcp-hintcheck.sarif');
  const args = commandFor(mode, sarif);
  const cli = installedCli();
  process.stderr.write(`mcp-hintcheck action: mcp-hintcheck ${args.join(' ')}\n`);
  // scan asks which servers to audit: without scan-audit the answer is "n" (check the files only).
  const run = spawnSync(cli, args, { input: 'n\n', stdio: ['pipe', 'inherit', 'inherit'] });
  const exitCode = run.status ?? 2;
  const counts = existsSync(sarif)
    ? sarifCounts(JSON.parse(readFileSync(sarif, 'utf8')))
    : { results: 0, high: 0, medium: 0, low: 0 };
  const lines = [
    `exit-code=${exitCode}`,
    `results=${counts.results}`,
    `high=${counts.high}`,
    `medium=${counts.medium}`,
    `low=${counts.low}`,
    `sarif=${sarif}`,
  ];
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${lines.join('\n')}\n`);
  process.stderr.write(
    `mcp-hintcheck action: exit ${exitCode}; ${counts.results} results (${counts.high} high, ${counts.medium} medium, ${counts.low} low); SARIF: ${sarif}\n`,
  );
  process.exit(exitCode);
}
