/**
 * Why a playground session could not start: the sandboxed server's initialize timed out (the hint
 * says what a sandbox without network does to `npx -y`) or it ended first (audit it to see why).
 */
import { AuditError } from '../errors';
import { callOutcome } from '../exercise/calls';

export function startFailure(hello: Exclude<Parameters<typeof callOutcome>[0], { kind: 'result' }>): AuditError {
  return new AuditError(
    hello.kind === 'timeout' ? 'timeout' : 'server-exited',
    `The sandboxed server did not initialize (${callOutcome(hello).message ?? hello.kind}).`,
    {
      hint:
        hello.kind === 'timeout'
          ? 'In the sandbox it has no network: an npx -y that must download cannot start there.'
          : 'Audit it first: the audit says why a server does not start. In the sandbox it has no network and an empty HOME.',
      step: 'initialize',
    },
  );
}
