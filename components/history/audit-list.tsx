'use client';

/**
 * One server's saved audits, newest first, one AuditRow each (audit-row.tsx: date, counts, worst,
 * a box to pick two for a diff, "Approve as contract"). Only the rows in view are rendered, so a
 * thousand audits scroll like ten.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { HistoryEntry } from '@/lib/core/history/entry';
import { VisibleText } from '@/components/ui/visible-text';
import { AuditRow } from './audit-row';
import { useContractApproval } from './use-contract-approval';

const ROW_HEIGHT = 44;

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
  const { approval, approve } = useContractApproval();
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
            return (
              <AuditRow
                key={audit.id}
                audit={audit}
                top={item.start}
                height={ROW_HEIGHT}
                checked={checked}
                full={!checked && picked.length >= 2}
                onToggle={onToggle}
                onApprove={approve}
              />
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
