/**
 * What the page says after Cancel, from what the dashboard confirmed: the `stopped` event of a local
 * server (everything it started gone, or how many processes were left), a hosted target's closed
 * connection, or no confirmation at all (the request was closed instead, which also asks the
 * dashboard to end the server). The page claims the server stopped only when the dashboard said so.
 */
import type { AuditProgress } from '@/lib/core/api/audit-request';
import type { ShownProblem } from '@/components/ui/problem-list';

type Stopped = Extract<AuditProgress, { step: 'stopped' }>;

export function cancelNotice(outcome: { stopped: Stopped | null; streamEnded: boolean; local: boolean }): ShownProblem {
  const { stopped } = outcome;
  if (stopped?.confirmed === true) {
    return {
      level: 'notice',
      code: 'cancelled',
      message: `You cancelled the audit. The server${stopped.pid === null ? '' : ` (pid ${stopped.pid})`} and every process it started have stopped.`,
      hint: 'Run it again when you are ready.',
    };
  }
  if (stopped !== null) {
    return {
      level: 'warning',
      code: 'cancelled',
      message: `You cancelled the audit. The server was ended, but ${stopped.survivors} of its processes were still running when the dashboard stopped waiting.`,
      hint: 'Look for them with ps (they share the server’s session) and end them yourself.',
    };
  }
  if (outcome.streamEnded && !outcome.local) {
    return {
      level: 'notice',
      code: 'cancelled',
      message: 'You cancelled the audit. The connection to the server was closed.',
      hint: 'Run it again when you are ready.',
    };
  }
  return {
    level: 'warning',
    code: 'cancelled',
    message: 'You cancelled the audit. The dashboard did not confirm that the server stopped.',
    hint: 'Closing the request asks it to end the server; check the terminal that runs the dashboard if in doubt.',
  };
}
