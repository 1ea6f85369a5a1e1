/**
 * What to try when a stdio server exited on its own: the advice depends on what its stderr says and
 * on when it stopped. A missing file (Node's "Cannot find module", a shell's "No such file") is a
 * path or an install to fix; an exit after the server had answered initialize is a crash of the
 * server itself; only an exit before answering, with nothing else to go on, points at a missing
 * API key or configuration (the stdio transport passes only an allowlist of variables).
 */

/** The steps before the server has answered initialize (lib/server/audit/audit-connect.ts). */
const BEFORE_ANSWERING = new Set(['start', 'spawn', 'initialize']);

const MISSING_FILE =
  /Cannot find (?:module|package)|ERR_MODULE_NOT_FOUND|MODULE_NOT_FOUND|No such file or directory|ENOENT/;

export function serverExitHint(step: string, stderr: string): string {
  if (MISSING_FILE.test(stderr))
    return 'A file the server needs is missing (its stderr names it): check the path in the command, install the server and its dependencies (npm install, or npx -y PACKAGE), or run the command by hand to see.';
  if (!BEFORE_ANSWERING.has(step))
    return `The server had answered, then stopped at ${step}: that is a crash of the server, not a missing setting. The partial report shows what it listed before; run the command by hand to see the crash, or tell the server's authors.`;
  return 'A server that needs an API key or a config file exits before answering: pass the variables it needs with --env NAME (only the default allowlist reaches it otherwise), check the arguments, or run the command by hand to see why it stops.';
}
