/**
 * Ctrl-C (and SIGTERM) for a command that runs audits (audit, contract, verify, scan): the first
 * signal cancels them (each audit ends its server), a second exits at once (the stdio transport's exit hook still kills the server's
 * process group). Light on purpose: main.ts installs it before the rest of the CLI loads.
 */
import { EXIT } from './exit-codes';
import type { CliIo } from './io';

export interface Interrupts {
  /** Aborted by the first signal. */
  signal: AbortSignal;
  /** Stops listening (safe to call more than once). */
  stop: () => void;
}

/** `ending`: what the first signal ends, as the message says it ("the server", "every server"). */
export function catchInterrupts(io: Pick<CliIo, 'stderr' | 'signals'>, ending = 'the server'): Interrupts {
  const cancel = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts += 1;
    if (interrupts === 1) {
      io.stderr.write(`\nmcp-hintcheck: cancelling, ending ${ending}…\n`);
      cancel.abort();
    } else {
      process.exit(EXIT.interrupted);
    }
  };
  const signals = io.signals ?? process;
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  return {
    signal: cancel.signal,
    stop: () => {
      signals.off('SIGINT', onSignal);
      signals.off('SIGTERM', onSignal);
    },
  };
}
