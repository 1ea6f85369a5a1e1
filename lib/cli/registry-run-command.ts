/**
 * `mcp-hintcheck registry <base-url|file>`: read the entries, audit this run's share N at a time,
 * append each row to the run file as it ends, and show progress: one line rewritten on a terminal
 * (stderr), NDJSON events on stdout otherwise. Ctrl-C ends the running audits; their servers are
 * audited again when the run is started again with the same run file.
 */
import path from 'node:path';
import { progressEvent, progressLine, type RunProgress } from '../core/registry/progress';
import { readRegistry } from '../server/registry/read-registry';
import { runRegistry } from '../server/registry/run';
import { presentRuntimes } from '../server/registry/runtimes';
import { AuditError } from '../server/errors';
import { EXIT } from './exit-codes';
import { catchInterrupts } from './interrupts';
import type { CliIo } from './io';
import { errorText, terminalSafe } from './print/terminal';
import type { RegistryRunCommand } from './registry-args';

type RegistryIo = Omit<CliIo, 'demo'>;

export async function runRegistryCommand(command: RegistryRunCommand, io: RegistryIo): Promise<number> {
  const interrupts = catchInterrupts(io, 'the registry run');
  const tty = io.stderr.isTTY === true;
  const write = (event: Record<string, unknown>): void => {
    if (!tty) io.stdout.write(`${JSON.stringify(event)}\n`);
  };
  try {
    const entries = await readRegistry({
      source: command.source,
      cursor: command.cursor,
      updatedSince: command.updatedSince,
      allVersions: command.allVersions,
      signal: interrupts.signal,
    });
    const progress: RunProgress = { total: 0, done: 0, failed: 0, skipped: 0, startedAt: Date.now(), now: Date.now() };
    const result = await runRegistry(entries, {
      runFile: command.runFile,
      concurrency: command.concurrency,
      timeoutMs: command.timeoutMs,
      shard: command.shard,
      runners: command.runners,
      runtimes: presentRuntimes(io.callerEnv.PATH),
      cacheDir: command.cacheDir ?? path.join(path.dirname(path.resolve(command.runFile)), 'registry-cache'),
      callerEnv: io.callerEnv,
      signal: interrupts.signal,
      onPlanned: ({ total, skipped, repeats }) => {
        progress.total = total;
        progress.skipped = skipped;
        write({ type: 'planned', entries: entries.length, repeats, total, skipped, runFile: command.runFile });
        if (tty)
          io.stderr.write(`Auditing ${total - skipped} of ${total} servers, ${command.concurrency} at a time…\n`);
      },
      onRow: (row) => {
        progress.done += 1;
        if (row.status !== 'ok') progress.failed += 1;
        progress.now = Date.now();
        if (tty) io.stderr.write(`\r\u001b[2K${progressLine(progress, terminalSafe(row.key, 60))}`);
        else write(progressEvent(progress, row.key, row.status));
      },
    });
    if (tty) io.stderr.write('\n');
    const failed = result.written.filter((row) => row.status !== 'ok').length;
    write({ type: 'done', written: result.written.length, failed, skipped: result.skipped, total: result.total });
    if (tty)
      io.stderr.write(
        `${result.written.length} audited (${failed} failed), ${result.skipped} already in ${terminalSafe(command.runFile, 200)}.\n`,
      );
    if (interrupts.signal.aborted) return EXIT.interrupted;
    return failed > 0 ? EXIT.unreachable : EXIT.ok;
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(errorText(error));
    return EXIT.usage;
  } finally {
    interrupts.stop();
  }
}
