/**
 * What a stdio server's process tells the Report once the audit is over: its exit (only when it
 * ended on its own), the stderr tail, the variables it said it was missing (as data on its
 * server-exited problems), and a warning for lines on stdout that are not JSON-RPC.
 */
import type { Problem } from '../../core/problems';
import type { ProcessFacts } from '../../core/report/report';
import { missingVariableNames } from '../../core/stderr';
import type { ProcessGroupStdioTransport } from '../mcp/stdio-transport';

export function stdioOutcome(stdio: ProcessGroupStdioTransport, errors: Problem[], warnings: Problem[]): ProcessFacts {
  // A server that exits for want of a variable says which on stderr: carry the names as data.
  const exited = errors.filter((problem) => problem.code === 'server-exited');
  const missingEnv = exited.length === 0 ? [] : missingVariableNames(stdio.stderrTail);
  if (missingEnv.length > 0) for (const problem of exited) problem.missingEnv = missingEnv;
  if (stdio.noiseCount > 0) {
    const lines = stdio.noiseCount === 1 ? 'line that is' : `${stdio.noiseCount} lines that are`;
    warnings.push({
      code: 'stdout-noise',
      message: `The server wrote ${stdio.noiseCount === 1 ? 'a ' : ''}${lines} not JSON-RPC to stdout, first: ${JSON.stringify(stdio.noise[0] ?? '')}.`,
      hint: 'stdout belongs to the protocol; a server should log to stderr. Stricter clients fail on such lines.',
    });
  }
  return {
    pid: stdio.pid,
    exitCode: stdio.exitedOnItsOwn ? stdio.exitCode : null,
    signal: stdio.exitedOnItsOwn ? stdio.exitSignal : null,
    stderrTail: stdio.stderrTail,
    stderrBytes: stdio.stderrBytes,
  };
}
