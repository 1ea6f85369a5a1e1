'use client';

/**
 * "Your servers": every MCP server in the clients' configuration files, the most severe first, with
 * the configuration findings before anything starts; a choice by checkbox (Select all leaves the
 * risky entries out until confirmed by name: select-controls.tsx); the values a chosen server still
 * needs (kept in React state for this batch only, cleared when it starts, never shown back); one
 * batch with live progress and one Cancel (use-servers-batch.ts); then the overview, the session
 * findings and each server's report, with the exports (servers-exports.ts).
 */
import { useMemo, useState } from 'react';
import type { ServerListing } from '@/lib/core/config/entry';
import type { ConfigFinding } from '@/lib/core/config/findings';
import { orderEntries, orderFindings } from '@/lib/core/config/risky';
import { ProblemList } from '@/components/ui/problem-list';
import { ReportView } from '@/components/report/report-view';
import { BUTTON, MUTED, Panel } from '@/components/ui/styles';
import { BatchPanel } from './batch-panel';
import { FileFindings } from './file-findings';
import { NeededValues, needsOf } from './needed-values';
import { SelectControls } from './select-controls';
import type { ServersList } from './servers-client';
import { ServerList } from './server-list';
import { useServersBatch } from './use-servers-batch';
import { useServersList } from './use-servers-list';

function NothingFound({ searched }: { searched: readonly string[] }) {
  return (
    <div className="text-sm" data-testid="servers-empty">
      <p>No MCP servers found. Looked in:</p>
      <ul className={`mt-1 font-mono text-xs ${MUTED}`}>
        {searched.map((file) => (
          <li key={file}>{file}</li>
        ))}
      </ul>
    </div>
  );
}

/** The selection, kept as ids, with the toggles the list and the controls use. */
function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const select = (ids: readonly string[], add: boolean): void => {
    setSelected((current) => new Set([...(add ? current : []), ...ids]));
  };
  const toggle = (id: string, on: boolean): void => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  return { selected, select, toggle };
}

function Chooser({
  list,
  running,
  onStart,
  onCancel,
}: {
  list: ServersList;
  running: boolean;
  onStart: (ids: string[], values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { selected, select, toggle } = useSelection();
  const [values, setValues] = useState<Record<string, string>>({});
  const servers: ServerListing[] = useMemo(() => orderEntries(list.servers, list.findings), [list]);
  const findings: ConfigFinding[] = useMemo(() => orderFindings(list.findings), [list]);
  const chosen = servers.filter((server) => selected.has(server.id));
  const needs = needsOf(chosen);
  const missing = needs.filter((need) => (values[need.key] ?? '') === '');
  const start = (): void => {
    const supplied = Object.fromEntries(
      needs.flatMap((need) => (values[need.key] ? [[need.key, values[need.key] ?? '']] : [])),
    );
    // The values go with this batch only: drop them from the page's state now.
    setValues({});
    onStart(
      chosen.map((server) => server.id),
      supplied,
    );
  };
  return (
    <>
      <p className={`mb-2 text-sm ${MUTED}`}>
        Read from your clients’ configuration files (never written), the most severe findings first. Nothing starts
        until you choose: each chosen server gets the environment its entry gives it plus HOME, LOGNAME, PATH, SHELL,
        TERM and USER. {list.findings.length} configuration finding{list.findings.length === 1 ? '' : 's'}.
      </p>
      <SelectControls servers={servers} findings={findings} disabled={running} onSelect={select} />
      <ServerList servers={servers} findings={findings} selected={selected} disabled={running} onToggle={toggle} />
      <FileFindings findings={findings.filter((finding) => !servers.some((server) => server.id === finding.entryId))} />
      <NeededValues
        needs={needs}
        values={values}
        disabled={running}
        onChange={(key, value) => {
          setValues((current) => ({ ...current, [key]: value }));
        }}
      />
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
          <button type="button" className={BUTTON.danger} data-testid="cancel-batch" onClick={onCancel}>
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
  );
}

export function YourServers() {
  const { list, problem: listProblem, reload } = useServersList();
  const { batch, running, problem: batchProblem, start, cancel } = useServersBatch();
  const [openId, setOpenId] = useState<string | null>(null);
  const problem = batchProblem ?? listProblem;
  const openReport = openId === null ? null : (batch?.results.get(openId)?.report ?? null);

  return (
    <div className="space-y-6" data-testid="servers-view">
      {problem !== null ? <ProblemList problems={[problem]} /> : null}
      <Panel
        title="Your servers"
        headingId="servers-heading"
        actions={
          <button type="button" className={BUTTON.secondary} onClick={reload} disabled={running}>
            Read the files again
          </button>
        }
      >
        {list === null ? (
          <p className={`text-sm ${MUTED}`}>Reading your clients’ configuration files…</p>
        ) : list.servers.length === 0 ? (
          <NothingFound searched={list.searched} />
        ) : (
          <Chooser
            list={list}
            running={running}
            onStart={(ids, values) => {
              setOpenId(null);
              start(list, ids, values);
            }}
            onCancel={cancel}
          />
        )}
      </Panel>
      {batch !== null ? (
        <BatchPanel
          batch={batch}
          openId={openId}
          onOpen={(id) => {
            setOpenId((current) => (current === id ? null : id));
          }}
        />
      ) : null}
      {openReport !== null ? <ReportView report={openReport} /> : null}
    </div>
  );
}
