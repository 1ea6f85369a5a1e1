/**
 * The batch's overview panel: the exports once the session view has come, one row per server, and
 * the session findings across them (the exfiltration triangle first).
 */
import { BUTTON, Panel } from '@/components/ui/styles';
import type { Batch } from './batch-state';
import { OverviewTable } from './overview-table';
import { exportAllJson, exportOverviewCsv, exportSarif } from './servers-exports';
import { SessionFindings } from './session-findings';

const STATUS_TITLE: Record<Batch['status'], string> = {
  running: ' (running)',
  cancelled: ' (cancelled)',
  done: '',
};

/** The batch's downloads, in the order shown. */
const EXPORTS: readonly { testId: string; label: string; run: (batch: Batch) => void }[] = [
  { testId: 'export-overview-csv', label: 'Overview CSV', run: exportOverviewCsv },
  { testId: 'export-all-json', label: 'All reports JSON', run: exportAllJson },
  { testId: 'export-sarif', label: 'Download SARIF', run: exportSarif },
];

function Exports({ batch }: { batch: Batch }) {
  return (
    <div className="flex gap-2">
      {EXPORTS.map(({ testId, label, run }) => (
        <button
          key={testId}
          type="button"
          className={BUTTON.secondary}
          data-testid={testId}
          onClick={() => {
            run(batch);
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function BatchPanel({
  batch,
  openId,
  onOpen,
}: {
  batch: Batch;
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <Panel
      title={`Overview${STATUS_TITLE[batch.status]}`}
      testId="batch-panel"
      actions={batch.overview !== null ? <Exports batch={batch} /> : null}
    >
      <OverviewTable rows={batch.rows} openId={openId} onOpen={onOpen} />
      {batch.findings !== null ? (
        <div className="mt-6">
          <h3 className="mb-2 text-sm font-semibold">Session findings across these servers</h3>
          <SessionFindings findings={batch.findings} />
        </div>
      ) : null}
    </Panel>
  );
}
