/**
 * The command line the playground's consent dialog shows and sends back as `confirmedCommand`: the
 * target's command and arguments, each word quoted the POSIX way when it needs it, so the line reads
 * back to the same words with lib/core/command-line.ts's splitCommandLine.
 */
import type { AuditRequest } from '@/lib/core/audit-request';

const PLAIN = /^[A-Za-z0-9_\-.,/:=@%+]+$/;

export function quoteWord(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function commandText(target: Extract<AuditRequest, { transport: 'stdio' }>): string {
  return [target.command, ...target.args].map(quoteWord).join(' ');
}
