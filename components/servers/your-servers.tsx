'use client';

/**
 * "Your servers": every MCP server in the clients' configuration files, the configuration findings
 * before anything starts, a choice by checkbox, the values a chosen server still needs (kept in
 * React state for this batch only, cleared when it starts, never shown back), one batch with live
 * progress and one Cancel, then the overview, the session findings and each server's report, with
 * the exports: overview CSV, one JSON of every Report, and SARIF (servers-sarif.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_CONCURRENCY } from '@/lib/core/batch-request';
import type { ConfigFinding } from '@/lib/core/config/findings';
import type { Need } from '@/lib/core/config/variables';
import { PRODUCT_NAME } from '@/lib/core/product';
import { groupListings } from '@/lib/core/session/batch-groups';
import { buildScanExport } from '@/lib/core/session/scan-export';
import { overviewToCsv } from '@/lib/core/session/overview';
import { formatFileName } from '@/lib/core/output-formats';
import { jsonText } from '@/lib/core/report-json';
import { ProblemError } from '@/lib/core/problems';
import { download } from '@/components/ui/download';
import { ProblemList, type ShownProblem } from '@/components/ui/problem-list';
import { ReportView } from '@/components/report/report-view';
import { BUTTON, INPUT, LABEL, MUTED, Panel } from '@/components/ui/styles';
import { OverviewTable, type BatchRow } from './overview-table';
import { fetchServers, streamBatch, type ServersList } from './servers-client';
import { batchSarifText } from './servers-sarif';
import { ServerList, severityClass } from './server-list';
import { SessionFindings } from './session-findings';
import { applyEvent, type Batch } from './batch-state';

function FileFindings({ findings }: { findings: ConfigFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div className="mt-4" data-testid="file-findings">
      <h3 className="text-sm font-semibold">Entries and files that could not be read</h3>
      <ul className="mt-1 space-y-1 text-xs">
        {findings.map((finding, index) => (
          <li key={index} className="flex flex-wrap items-baseline gap-2">
            <span className={`rounded px-1.5 py-0.5 font-medium ${severityClass(finding.severity)}`}>
              {finding.severity}
            </span>
            <span className="font-mono">{finding.id}</span>
            <span className={`font-mono break-all ${MUTED}`}>
              {finding.file}:{finding.line}
            </span>
            <span className="break-words">{finding.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function YourServers() {
  const [list, setList] = useState<ServersList | null>(null);
  const [problem, setProblem] = useState<ShownProblem | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [values, setValues] = useState<Record<string, string>>({});
  const [batch, setBatch] = useState<Batch | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    const controller = new AbortController();
    setProblem(null);
    fetchServers(controller.signal)
      .then(setList)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setProblem(
          error instanceof ProblemError
            ? { ...error.toProblem(), level: 'error' }
            : {
                code: 'connection-failed',
                message: `Could not load the server list: ${String(error)}`,
                level: 'error',
              },
        );
      });
    return controller;
  }, []);

  useEffect(() => {
    const controller = load();
    return () => {
      controller.abort();
      controllerRef.current?.abort();
    };
  }, [load]);

  const servers = useMemo(() => list?.servers ?? [], [list]);
  const chosen = servers.filter((server) => selected.has(server.id));
  const needs: Need[] = [];
  for (const server of chosen)
    for (const need of server.needs) if (!needs.some((n) => n.key === need.key)) needs.push(need);
  const missing = needs.filter((need) => (values[need.key] ?? '') === '');
  const running = batch?.status === 'running';

  const start = (): void => {
    if (chosen.length === 0 || list === null) return;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const supplied = Object.fromEntries(
      needs.flatMap((need) => (values[need.key] ? [[need.key, values[need.key] ?? '']] : [])),
    );
    // The values go with this batch only: drop them from the page's state now.
    setValues({});
    setOpenId(null);
    setProblem(null);
    const ids = chosen.map((server) => server.id);
    // One row per batch item: entries with identical settings are audited once, as the API groups them.
    const rows: BatchRow[] = [...groupListings(servers, ids).listings].map(([id, listings]) => ({
      id,
      name: listings[0]?.name ?? id,
      state: 'queued',
      step: 'queued',
      row: null,
      hasReport: false,
    }));
    setBatch({ status: 'running', list, ids, rows, results: new Map(), overview: null, findings: null });
    streamBatch({ ids, values: supplied, concurrency: DEFAULT_CONCURRENCY }, controller.signal, (event) => {
      setBatch((current) => (current === null ? current : applyEvent(current, event)));
    })
      .then(() => {
        setBatch((current) =>
          current === null ? current : { ...current, status: controller.signal.aborted ? 'cancelled' : 'done' },
        );
      })
      .catch((error: unknown) => {
        setBatch((current) =>
          current === null
            ? current
            : {
                ...current,
                status: 'cancelled',
                rows: current.rows.map((row) =>
                  row.state === 'running' || row.state === 'queued'
                    ? { ...row, state: 'cancelled', step: 'cancelled' }
                    : row,
                ),
              },
        );
        if (!controller.signal.aborted) {
          setProblem(
            error instanceof ProblemError
              ? { ...error.toProblem(), level: 'error' }
              : { code: 'connection-failed', message: `The batch stopped: ${String(error)}`, level: 'error' },
          );
        }
      });
  };

  const cancel = (): void => {
    controllerRef.current?.abort();
  };

  const openReport = openId === null ? null : (batch?.results.get(openId)?.report ?? null);

  /** The dashboard's version, as its reports give it. */
  const generatorOf = (current: Batch): { name: string; version: string } => ({
    name: PRODUCT_NAME,
    version: [...current.results.values()].find((result) => result.report !== null)?.report?.generator.version ?? '',
  });

  const exportJson = (): void => {
    if (batch === null) return;
    const data = buildScanExport({
      generator: generatorOf(batch),
      generatedAt: new Date().toISOString(),
      servers: batch.list.servers,
      configFindings: batch.list.findings,
      overview: batch.overview ?? [],
      reports: [...batch.results.values()].flatMap((result) =>
        result.report === null
          ? []
          : [
              {
                id: result.id,
                name: batch.rows.find((r) => r.id === result.id)?.name ?? result.id,
                report: result.report,
              },
            ],
      ),
      sessionFindings: batch.findings ?? [],
    });
    download(jsonText(data), 'json', formatFileName('hintcheck-servers', 'json'));
  };

  const exportSarif = (): void => {
    if (batch === null) return;
    const text = batchSarifText(
      { list: batch.list, ids: batch.ids, results: batch.results, findings: batch.findings ?? [] },
      generatorOf(batch),
      new Date().toISOString(),
    );
    download(text, 'sarif', formatFileName('hintcheck-servers', 'sarif'));
  };

  return (
    <div className="space-y-6" data-testid="servers-view">
      {problem !== null ? <ProblemList problems={[problem]} /> : null}
      <Panel
        title="Your servers"
        headingId="servers-heading"
        actions={
          <button type="button" className={BUTTON.secondary} onClick={() => load()} disabled={running}>
            Read the files again
          </button>
        }
      >
        {list === null ? (
          <p className={`text-sm ${MUTED}`}>Reading your clients’ configuration files…</p>
        ) : servers.length === 0 ? (
          <div className="text-sm" data-testid="servers-empty">
            <p>No MCP servers found. Looked in:</p>
            <ul className={`mt-1 font-mono text-xs ${MUTED}`}>
              {list.searched.map((file) => (
                <li key={file}>{file}</li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <p className={`mb-2 text-sm ${MUTED}`}>
              Read from your clients’ configuration files (never written). Nothing starts until you choose: each chosen
              server gets the environment its entry gives it plus HOME, LOGNAME, PATH, SHELL, TERM and USER.{' '}
              {list.findings.length} configuration finding{list.findings.length === 1 ? '' : 's'}.
            </p>
            <div className="mb-2 flex gap-2">
              <button
                type="button"
                className={BUTTON.ghost}
                disabled={running}
                onClick={() => {
                  setSelected(new Set(servers.filter((s) => s.launchable && !s.disabled).map((s) => s.id)));
                }}
              >
                Select all
              </button>
              <button
                type="button"
                className={BUTTON.ghost}
                disabled={running}
                onClick={() => {
                  setSelected(new Set());
                }}
              >
                Select none
              </button>
            </div>
            <ServerList
              servers={servers}
              findings={list.findings}
              selected={selected}
              disabled={running}
              onToggle={(id, on) => {
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(id);
                  else next.delete(id);
                  return next;
                });
              }}
            />
            <FileFindings
              findings={list.findings.filter((finding) => !servers.some((server) => server.id === finding.entryId))}
            />
            {needs.length > 0 ? (
              <fieldset className="mt-4 space-y-2" data-testid="needed-values">
                <legend className="text-sm font-medium">
                  Values the chosen servers need (used for this batch only, never stored)
                </legend>
                {needs.map((need) => (
                  <div key={need.key}>
                    <label className={LABEL} htmlFor={`need-${need.key}`}>
                      {need.kind === 'unsupported'
                        ? `${need.key} (resolved only by the client: this server cannot start here)`
                        : need.key}
                      {need.description === null ? '' : ` — ${need.description}`}
                    </label>
                    <input
                      id={`need-${need.key}`}
                      className={INPUT}
                      type={need.password ? 'password' : 'text'}
                      autoComplete="off"
                      disabled={running || need.kind === 'unsupported'}
                      value={values[need.key] ?? ''}
                      onChange={(event) => {
                        setValues((current) => ({ ...current, [need.key]: event.target.value }));
                      }}
                    />
                  </div>
                ))}
              </fieldset>
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={BUTTON.accent}
                data-testid="start-batch"
                disabled={running || chosen.length === 0}
                onClick={start}
              >
                Audit {chosen.length} selected
              </button>
              {running ? (
                <button type="button" className={BUTTON.danger} data-testid="cancel-batch" onClick={cancel}>
                  Cancel all
                </button>
              ) : null}
              {missing.length > 0 ? (
                <span className={`text-xs ${MUTED}`}>
                  {missing.length} value{missing.length === 1 ? '' : 's'} not given:{' '}
                  {missing.length === 1 ? 'that server' : 'those servers'} will be reported as not started.
                </span>
              ) : null}
            </div>
          </>
        )}
      </Panel>

      {batch !== null ? (
        <Panel
          title={`Overview${batch.status === 'running' ? ' (running)' : batch.status === 'cancelled' ? ' (cancelled)' : ''}`}
          testId="batch-panel"
          actions={
            batch.overview !== null ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={BUTTON.secondary}
                  data-testid="export-overview-csv"
                  onClick={() => {
                    download(overviewToCsv(batch.overview ?? []), 'csv', formatFileName('hintcheck-overview', 'csv'));
                  }}
                >
                  Overview CSV
                </button>
                <button type="button" className={BUTTON.secondary} data-testid="export-all-json" onClick={exportJson}>
                  All reports JSON
                </button>
                <button type="button" className={BUTTON.secondary} data-testid="export-sarif" onClick={exportSarif}>
                  Download SARIF
                </button>
              </div>
            ) : null
          }
        >
          <OverviewTable
            rows={batch.rows}
            openId={openId}
            onOpen={(id) => {
              setOpenId((current) => (current === id ? null : id));
            }}
          />
          {batch.findings !== null ? (
            <div className="mt-6">
              <h3 className="mb-2 text-sm font-semibold">Session findings across these servers</h3>
              <SessionFindings findings={batch.findings} />
            </div>
          ) : null}
        </Panel>
      ) : null}

      {openReport !== null ? <ReportView report={openReport} /> : null}
    </div>
  );
}
