/**
 * The stderr line when a severity gate (`--fail-on`, default high) fails: why the exit code is 1, and
 * how to report without failing. Said once, on stderr, so machine formats on stdout stay clean.
 */
import { DEFAULT_FAIL_ON, type Severity } from '../core/severity';

export function gateNote(worst: Severity, failOn: Severity): string {
  const which = failOn === DEFAULT_FAIL_ON ? `--fail-on ${failOn}, the default` : `--fail-on ${failOn}`;
  return `mcp-hintcheck: exit 1: the worst finding is ${worst}, at or above the gate (${which}; --fail-on none reports without failing).\n`;
}
