/**
 * The page's signal that an audit finished and was saved: the dashboard sends the audited server's
 * identity (lib/core/history/entry.ts), and the History view opens on that server.
 */
import type { Report } from '@/lib/core/report/report';
import { serverIdentity } from '@/lib/core/history/entry';

export const AUDIT_SAVED_EVENT = 'mcp-hintcheck:audit-saved';

/** Tells the History view which server was just audited. */
export function announceAudit(report: Report): void {
  window.dispatchEvent(new CustomEvent(AUDIT_SAVED_EVENT, { detail: serverIdentity(report.target) }));
}

/** Calls `onAudit` with each audited server's identity until the returned function is called. */
export function onAuditSaved(onAudit: (identity: string) => void): () => void {
  const listener = (event: Event): void => {
    if (event instanceof CustomEvent && typeof event.detail === 'string') onAudit(event.detail);
  };
  window.addEventListener(AUDIT_SAVED_EVENT, listener);
  return () => {
    window.removeEventListener(AUDIT_SAVED_EVENT, listener);
  };
}
