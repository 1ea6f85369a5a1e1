/** One line of live progress on stderr (a terminal only), the same for every command that audits. */
import type { AuditProgress } from '../core/api/audit-request';
import { terminalSafe } from './print/terminal';

export function describeProgress(event: AuditProgress): string {
  switch (event.step) {
    case 'starting':
      return `starting (${event.transport})`;
    case 'spawned':
      return `server started, pid ${String(event.pid)}`;
    case 'initialized':
      return `initialized: ${terminalSafe(event.server.name ?? '(unnamed)', 80)} ${terminalSafe(event.server.version ?? '', 40)} · protocol ${terminalSafe(event.server.protocolVersion ?? '?', 40)}`;
    case 'page':
      return `tools/list page ${event.page}: ${event.tools} tools so far`;
    case 'accepted':
      return 'accepted';
    case 'stopped':
      return event.confirmed ? 'server stopped' : `server stopped, ${event.survivors} processes still running`;
    case 'oauth':
      return `OAuth check: ${event.reachable ? `${event.findings} findings` : 'the server could not be reached'}`;
  }
}
