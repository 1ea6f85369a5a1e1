// Issue 20: no string from outside reaches a terminal unescaped, in any CLI output. A server whose
// name, version, instructions, tool names, titles and descriptions carry ESC sequences (OSC 0, OSC 8,
// cursor-up, clear-screen), a C1 CSI, BEL, NUL and a bare CR (raw fixture `terminal-escapes`), and one
// that writes them to stderr and dies (`escapes-exit`), audited by the real CLI in every format and
// through `scan` (names from the configuration file carry them too). stdout and stderr may hold no
// such byte; CSV writes the tools CSV's [U+001B] markers and keeps only its CRLF record ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, RAW_FIXTURE, ROOT } from './helpers';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', HINTCHECK_DB: 'off', ...env },
    });
    let stdout = '';
    let stderr = '';
    // latin1: every byte one character, so a C1 control (UTF-8 C2 80-9F) shows as two.
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('latin1')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('latin1')));
    child.stdin.end();
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/** Bytes a terminal acts on: C0 but tab and LF (a CR only before LF in CSV), DEL, and C1. */
function terminalBytes(text: string, csv = false): string[] {
  const found: string[] = [];

  for (const match of (csv ? text.replaceAll('\r\n', '\n') : text).matchAll(
    /[\u0000-\u0008\u000b-\u001f\u007f]|\u00c2[\u0080-\u009f]/g,
  ))
    found.push(JSON.stringify(match[0]));
  return found;
}

const SERVER = ['--', process.execPath, RAW_FIXTURE, 'terminal-escapes'];

describe('audit of a server full of terminal escapes', () => {
  it.each([
    [['--format', 'csv', '--all-kinds']],
    [['--format', 'csv']],
    [['--format', 'text']],
    [['--format', 'json']],
    [['--format', 'markdown']],
    [['--format', 'sarif']],
    [['--format', 'junit']],
  ])('%j: no escape byte on stdout or stderr', async (format) => {
    const run = await cli(['audit', ...format, ...SERVER]);
    expect(run.code).not.toBe(3);
    const csv = format.includes('csv');
    expect(terminalBytes(run.stdout, csv)).toEqual([]);
    expect(terminalBytes(run.stderr)).toEqual([]);
    if (csv) {
      expect(run.stdout).toContain('[U+001B]]0;pwned[U+0007]');
      expect(run.stdout).toContain('[U+0000]nul[U+000D]cr');
      // JUnit removes what XML 1.0 cannot hold; the others show it escaped.
    } else if (!format.includes('junit')) expect(run.stdout).toMatch(/\\u\{?0{0,2}1b\}?/);
    if (format.includes('markdown')) {
      // The server's mention and links, inert: no ping, no link a code host would make.
      expect(run.stdout).toContain('ping @&#8203;org/team https\\[:\\]//evil.example/x www\\[.\\]evil.example');
      expect(run.stdout).not.toMatch(/@[A-Za-z0-9]|[A-Za-z]:\/\/|\bwww\./);
    }
  });

  it('JSON keeps the same values once parsed (escaped, not altered)', async () => {
    const run = await cli(['audit', '--json', ...SERVER]);
    const report = JSON.parse(Buffer.from(run.stdout, 'latin1').toString('utf8')) as { server: { name: string } };
    expect(report.server.name).toContain('\u001b]0;pwned\u0007');
    expect(report.server.name).toContain('\u009b31m');
  });
});

describe('on a real terminal (util-linux script: a pty)', () => {
  it.skipIf(!existsSync('/usr/bin/script'))(
    'the progress lines (server name and version from initialize) and the text report carry no escape',
    () => {
      const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;
      const command = [process.execPath, CLI, 'audit', ...SERVER].map(quote).join(' ');
      const run = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1', HINTCHECK_DB: 'off' },
        encoding: 'latin1',
      });
      // The pty turns each LF into CRLF; that CR is the terminal's, not the server's.
      expect(run.stdout).toContain('initialized: raw-fixture\\u{1b}]0;pwned');
      expect(terminalBytes(run.stdout.replaceAll('\r\n', '\n'))).toEqual([]);
    },
  );
});

describe('scan with escapes in the configuration and in what servers say', () => {
  const home = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'h20cli-scan-'));
    mkdirSync(join(dir, '.cursor'), { recursive: true });
    const servers = {
      'name @org/team https://evil.example \u001b]0;pwned\u0007\u001b[2J\u009b31m\rover': {
        command: process.execPath,
        args: [RAW_FIXTURE, 'terminal-escapes'],
      },
      dies: { command: process.execPath, args: [RAW_FIXTURE, 'escapes-exit'] },
    };
    writeFileSync(join(dir, '.cursor/mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
    return dir;
  };

  it.each([['csv'], ['text'], ['json'], ['markdown'], ['sarif']])(
    '--format %s: no escape byte in the listing, the progress lines or the output',
    async (format) => {
      const dir = home();
      const run = await cli(['scan', '--project', dir, '--yes', '--format', format], { HOME: dir });
      expect(run.stderr).toMatch(/\[2\/2\]/);
      expect(terminalBytes(run.stdout, format === 'csv')).toEqual([]);
      expect(terminalBytes(run.stderr)).toEqual([]);
      if (format === 'csv') expect(run.stdout).toContain('[U+001B]');
      if (format === 'markdown') expect(run.stdout).not.toMatch(/@[A-Za-z0-9]|[A-Za-z]:\/\/|\bwww\./);
    },
  );
});
