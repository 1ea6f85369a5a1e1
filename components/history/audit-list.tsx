'use client';

/**
 * One server's saved audits, newest first: date, counts, worst (the first finding of the risk
 * order); a failed audit as a failure with its error, which cannot be picked for a diff (it listed
 * no surface); a checkbox to pick two for a diff and "Approve as contract" on each complete audit. Only the rows in view are rendered, so a
 * thousand audits scroll like ten.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { HistoryEntry } from '@/lib/core/history/entry';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { download } from '@/components/ui/download';
import { contractDownloadName } from '@/components/ui/download-names';
import { fetchContract } from './history-api';

const ROW_HEIGHT = 44;
const SEVERITY_STYLE: Record<string, string> = {
  high: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  low: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  info: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function AuditList({
  audits,
  picked,
  onToggle,
  loading,
}: {
  audits: readonly HistoryEntry[];
  picked: readonly number[];
  onToggle: (id: number) => void;
  /** True while a list is being fetched (aria-busy; benchmarks and tests wait on it). */
  loading: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [approval, setApproval] = useState<{ ok: boolean; text: string } | null>(null);
  const approve = (audit: HistoryEntry): void => {
    void fetchContract(audit.id).then((answer) => {
      if (!answer.ok) {
        setApproval({
          ok: false,
          text: `The contract of audit #${audit.id} could not be made: ${answer.problem.message}`,
        });
        return;
      }
      const name = contractDownloadName(audit.serverName, audit.identity, audit.createdAt);
      download(answer.value, 'json', name);
      setApproval({
        ok: true,
        text: `Audit #${audit.id} approved as the contract of ${audit.serverName ?? audit.identity}: ${audit.tools} tools pinned, saved as ${name}. Check the server against it with mcp-hintcheck verify --contract ${name}; Open a saved report shows it.`,
      });
    });
  };
  const virtualizer = useVirtualizer({
    count: audits.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  return (
    <>
      <div
        ref={scrollRef}
        data-testid="history-audits"
        data-loading={loading ? 'true' : 'false'}
        aria-busy={loading}
        role="list"
        aria-label="Saved audits, newest first"
        className="relative max-h-[26rem] overflow-auto overscroll-contain rounded-md ring-1 ring-slate-200 dark:ring-slate-800"
      >
        <div role="none" style={{ height: virtualizer.getTotalSize() }} className="relative w-full">
          {virtualizer.getVirtualItems().map((item) => {
            const audit = audits[item.index];
            if (audit === undefined) return null;
            const checked = picked.includes(audit.id);
            const failed = audit.outcome === 'failed';
            return (
              <div
                key={audit.id}
                role="listitem"
                data-testid="history-audit"
                data-audit-id={audit.id}
                data-outcome={audit.outcome}
                className="absolute left-0 flex w-full items-center gap-3 border-b border-slate-100 px-3 text-sm dark:border-slate-800"
                style={{ top: item.start, height: ROW_HEIGHT }}
              >
                <input
                  type="checkbox"
                  data-testid="history-pick"
                  aria-label={
                    failed
                      ? `Audit ${audit.id} failed: it listed no surface to compare`
                      : `Pick audit ${audit.id} for a diff`
                  }
                  title={failed ? 'A failed audit listed no surface: it cannot be compared.' : undefined}
                  checked={checked}
                  disabled={failed || (!checked && picked.length >= 2)}
                  onChange={() => {
                    onToggle(audit.id);
                  }}
                />
                <span className="w-14 font-mono text-xs">#{audit.id}</span>
                <span className={`w-44 text-xs ${MUTED}`}>{when(audit.createdAt)}</span>
                {failed ? (
                  <span
                    data-testid="history-failed"
                    className="min-w-0 flex-1 truncate text-rose-700 dark:text-rose-300"
                    title={audit.error ?? undefined}
                  >
                    failed: {audit.error ?? 'no error recorded'}
                  </span>
                ) : (
                  <>
                    <span className="w-20 tabular-nums" data-testid="history-tools">
                      {audit.tools} tools
                    </span>
                    <span className={`w-52 text-xs tabular-nums ${MUTED}`}>
                      read-only {audit.readOnly} · destructive {audit.destructive} · open-world {audit.openWorld}
                    </span>
                  </>
                )}
                <span className={failed ? 'hidden' : 'min-w-0 flex-1 truncate'}>
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
                {audit.complete ? (
                  <button
                    type="button"
                    data-testid="history-approve"
                    className={BUTTON.ghost}
                    title="Download this surface as a contract for `mcp-hintcheck verify --contract`"
                    onClick={() => {
                      approve(audit);
                    }}
                  >
                    Approve as contract
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {approval !== null ? (
        <p
          data-testid="history-approved"
          data-ok={approval.ok}
          role={approval.ok ? 'status' : 'alert'}
          className={`mt-2 text-sm break-words ${approval.ok ? 'text-slate-800 dark:text-slate-200' : 'text-rose-800 dark:text-rose-300'}`}
        >
          <VisibleText text={approval.text} controls />
        </p>
      ) : null}
    </>
  );
}
