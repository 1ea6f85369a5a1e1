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

function Exports({ batch }: { batch: Batch }) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={BUTTON.secondary}
        data-testid="export-overview-csv"
        onClick={() => {
          exportOverviewCsv(batch);
        }}
      >
        Overview CSV
      </button>
      <button
        type="button"
        className={BUTTON.secondary}
        data-testid="export-all-json"
        onClick={() => {
          exportAllJson(batch);
        }}
      >
        All reports JSON
      </button>
      <button
        type="button"
        className={BUTTON.secondary}
        data-testid="export-sarif"
        onClick={() => {
          exportSarif(batch);
        }}
      >
        Download SARIF
      </button>
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
