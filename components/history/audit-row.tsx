'use client';
/**
 * One saved audit's row in the history list: the pick box (a failed audit cannot be picked), id, date,
 * counts or the failure, the worst flag, "altered" when the saved report fails its hash, and "Approve as contract" on a complete audit (audit-list.tsx approves).
 */
import type { HistoryEntry } from '@/lib/core/history/entry';
import { formatAuditTime } from '@/components/ui/display-format';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { markedText } from '@/components/ui/visible-text';

const SEVERITY_STYLE: Record<string, string> = {
  high: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  low: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  info: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

function Counts({ audit }: { audit: HistoryEntry }) {
  if (audit.outcome === 'failed')
    return (
      <span
        data-testid="history-failed"
        className="min-w-0 flex-1 truncate text-rose-700 dark:text-rose-300"
        title={audit.error === null ? undefined : markedText(audit.error)}
      >
        failed: {audit.error ?? 'no error recorded'}
      </span>
    );
  return (
    <>
      <span className="w-20 tabular-nums" data-testid="history-tools">
        {audit.tools} tools
      </span>
      <span className={`w-52 text-xs tabular-nums ${MUTED}`}>
        read-only {audit.readOnly} · destructive {audit.destructive} · open-world {audit.openWorld}
      </span>
    </>
  );
}

function Worst({ audit }: { audit: HistoryEntry }) {
  return (
    <span className={audit.outcome === 'failed' ? 'hidden' : 'min-w-0 flex-1 truncate'}>
      {audit.worstFlag === null ? (
        <span className={MUTED}>no flags</span>
      ) : (
        <span
          data-testid="history-worst"
          className={`rounded px-1.5 py-0.5 font-mono text-xs ${SEVERITY_STYLE[audit.worstSeverity ?? 'info'] ?? ''}`}
        >
          worst: {audit.worstSeverity} {audit.worstFlag}
        </span>
      )}
      {audit.outcome !== 'partial' ? null : (
        <span className="ml-2 text-xs text-rose-700 dark:text-rose-300">incomplete</span>
      )}
    </span>
  );
}

function ApproveButton({ onApprove }: { onApprove: () => void }) {
  return (
    <button
      type="button"
      data-testid="history-approve"
      className={BUTTON.ghost}
      title="Download this surface as a contract for `mcp-hintcheck verify --contract`"
      onClick={onApprove}
    >
      Approve as contract
    </button>
  );
}

export function AuditRow({
  audit,
  top,
  height,
  checked,
  full,
  onToggle,
  onApprove,
}: {
  audit: HistoryEntry;
  top: number;
  height: number;
  checked: boolean;
  /** Two others are picked already. */
  full: boolean;
  onToggle: (id: number) => void;
  onApprove: (audit: HistoryEntry) => void;
}) {
  const failed = audit.outcome === 'failed';
  return (
    <div
      role="listitem"
      data-testid="history-audit"
      data-audit-id={audit.id}
      data-outcome={audit.outcome}
      className="absolute left-0 flex w-full items-center gap-3 border-b border-slate-100 px-3 text-sm dark:border-slate-800"
      style={{ top, height }}
    >
      <input
        type="checkbox"
        data-testid="history-pick"
        aria-label={
          failed ? `Audit ${audit.id} failed: it listed no surface to compare` : `Pick audit ${audit.id} for a diff`
        }
        title={failed ? 'A failed audit listed no surface: it cannot be compared.' : undefined}
        checked={checked}
        disabled={failed || full}
        onChange={() => {
          onToggle(audit.id);
        }}
      />
      <span className="w-14 font-mono text-xs">#{audit.id}</span>
      <span className={`w-44 text-xs ${MUTED}`}>{formatAuditTime(audit.createdAt)}</span>
      <Counts audit={audit} />
      <Worst audit={audit} />
      {audit.intact ? null : (
        <span
          data-testid="history-altered"
          className="text-xs font-semibold text-rose-700 dark:text-rose-300"
          title="The saved report no longer has the SHA-256 it was saved with: the row was changed after the audit wrote it."
        >
          altered
        </span>
      )}
      {audit.complete ? (
        <ApproveButton
          onApprove={() => {
            onApprove(audit);
          }}
        />
      ) : null}
    </div>
  );
}
