'use client';

/**
 * An approved contract (Approve as contract, or `contract write`) opened from disk: what was pinned
 * (server, counts, caps, every tool with its class and the hints it declared), and how to check a
 * server against it (`verify --contract`, which runs the server; the dashboard compares saved audits
 * in History). A pins-only published-surface.json shows its pins. Text from the server: React text only.
 */
import type { ContractFile, Pins } from '@/lib/core/contract/schema';
import { ClassBadge } from '@/components/ui/badges';
import { formatCount, plural } from '@/components/ui/display-format';
import { MUTED, PRE, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

const PIN_LABELS: Record<keyof Pins, string> = {
  toolCount: 'tools (exact)',
  destructiveToolCount: 'destructive tools (exact)',
  openWorldToolCount: 'open-world tools (exact)',
  maxPayloadBytes: 'tool payload, bytes (at most)',
  maxPayloadTokens: 'tool payload, tokens (at most)',
};

function PinList({ pins }: { pins: Pins }) {
  const entries = (Object.keys(PIN_LABELS) as (keyof Pins)[]).flatMap((name) => {
    const value = pins[name];
    return value === undefined ? [] : [[name, value] as const];
  });
  return (
    <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="saved-contract-pins">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt className={`text-xs font-medium ${MUTED}`}>{PIN_LABELS[name]}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SavedContractView({ file, fileName }: { file: ContractFile; fileName: string }) {
  const contract = file.kind === 'contract' ? file.contract : null;
  const server = contract === null ? null : [contract.server.name ?? '(no name)', contract.server.version ?? ''];
  return (
    <Panel title={`Approved contract: ${fileName}`} headingId="saved-contract-heading" testId="saved-contract">
      <div className="space-y-4">
        <p className="text-sm" data-testid="saved-contract-about">
          This is a contract: it pins what the server showed when it was approved
          {server === null ? null : (
            <>
              {' '}
              (<VisibleText text={server.join(' ').trim()} controls />, {contract?.generatedAt})
            </>
          )}
          . It is not an audit: to check the server against it, run it with{' '}
          <code className="font-mono text-xs">mcp-hintcheck verify --contract {fileName} -- &lt;command&gt;</code> (or{' '}
          <code className="font-mono text-xs">--url &lt;url&gt;</code>); in this dashboard, History compares two saved
          audits of the same server.
        </p>
        <PinList pins={file.kind === 'contract' ? file.contract.pins : file.pins} />
        {contract !== null ? (
          <>
            <p className={`text-sm ${MUTED}`}>
              {plural(contract.counts.tools, 'tool')}: read-only {contract.counts.readOnly}, destructive{' '}
              {contract.counts.destructive}, open-world {contract.counts.openWorld}, unannotated{' '}
              {contract.counts.unannotated}, additive writes {contract.counts.additiveWrites}.
            </p>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Tools pinned by this contract">
              {contract.tools.map((tool) => (
                <li key={tool.name} data-testid="saved-contract-tool" className="space-y-1 py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-medium break-all">
                      <VisibleText text={tool.name} controls />
                    </span>
                    <ClassBadge value={tool.class} />
                    {tool.openWorld ? <span className={`text-xs ${MUTED}`}>open-world</span> : null}
                    <span className={`text-xs ${MUTED}`}>
                      declared: {tool.declaredHints.length === 0 ? 'nothing' : tool.declaredHints.join(', ')}
                    </span>
                  </div>
                  {tool.description !== null && tool.description !== '' ? (
                    <p className={`${PRE} max-h-32 whitespace-pre-wrap`}>
                      <VisibleText text={tool.description} controls />
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={`text-sm ${MUTED}`}>A hand-written surface file: it pins only these counts and caps.</p>
        )}
      </div>
    </Panel>
  );
}
