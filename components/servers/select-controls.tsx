'use client';

/**
 * Select all and Select none. Select all chooses the entries whose launch is not itself a risk; the
 * risky ones (lib/core/config/risky.ts) stay unchosen and are named with why, with a separate,
 * explicit "Include them too". Choosing one by its own checkbox stays possible.
 */
import { useState } from 'react';
import { CLIENTS } from '@/lib/core/config/clients';
import type { ServerListing } from '@/lib/core/config/entry';
import type { ConfigFinding } from '@/lib/core/config/findings';
import { RISKY_ENTRY_EXPLANATION, selectAll, type RiskyEntry } from '@/lib/core/config/risky';
import { BUTTON, MUTED } from '@/components/ui/styles';

function RiskyNotice({
  held,
  servers,
  disabled,
  onInclude,
}: {
  held: RiskyEntry[];
  servers: readonly ServerListing[];
  disabled: boolean;
  onInclude: () => void;
}) {
  const where = (id: string): string => {
    const server = servers.find((s) => s.id === id);
    return server === undefined ? '' : `${CLIENTS[server.client].label}, ${server.file}:${server.line}`;
  };
  const count = `${held.length} risky entr${held.length === 1 ? 'y' : 'ies'}`;
  return (
    <div
      role="status"
      data-testid="risky-notice"
      className="mb-2 rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:ring-amber-800"
    >
      <p className="font-medium">{count} not selected:</p>
      <ul className="mt-1 space-y-1">
        {held.map((entry) => (
          <li key={entry.id} data-testid="risky-entry" data-name={entry.name} className="break-words">
            <span className="font-semibold">{entry.name}</span>{' '}
            <span className={`font-mono text-xs break-all ${MUTED}`}>({where(entry.id)})</span>:{' '}
            {entry.reasons.join('; ')}
          </li>
        ))}
      </ul>
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer text-sky-700 dark:text-sky-300">Why they are left out</summary>
        <p className="mt-1">{RISKY_ENTRY_EXPLANATION.meaning}</p>
        <p className="mt-1">
          <span className="font-medium">Does not tell you: </span>
          {RISKY_ENTRY_EXPLANATION.doesNotTell}
        </p>
      </details>
      <button
        type="button"
        className={`${BUTTON.danger} mt-2`}
        data-testid="include-risky"
        disabled={disabled}
        onClick={onInclude}
      >
        Include {held.length === 1 ? `${held[0]?.name ?? ''} too` : `these ${held.length} too`}
      </button>
    </div>
  );
}

export function SelectControls({
  servers,
  findings,
  disabled,
  onSelect,
}: {
  servers: readonly ServerListing[];
  findings: readonly ConfigFinding[];
  disabled: boolean;
  /** Replaces the selection (`add`: adds to it). */
  onSelect: (ids: readonly string[], add: boolean) => void;
}) {
  const [held, setHeld] = useState<RiskyEntry[]>([]);
  return (
    <>
      <div className="mb-2 flex gap-2">
        <button
          type="button"
          className={BUTTON.ghost}
          data-testid="select-all"
          disabled={disabled}
          onClick={() => {
            const { safe, risky } = selectAll(servers, findings);
            onSelect(safe, false);
            setHeld(risky);
          }}
        >
          Select all
        </button>
        <button
          type="button"
          className={BUTTON.ghost}
          disabled={disabled}
          onClick={() => {
            onSelect([], false);
            setHeld([]);
          }}
        >
          Select none
        </button>
      </div>
      {held.length > 0 ? (
        <RiskyNotice
          held={held}
          servers={servers}
          disabled={disabled}
          onInclude={() => {
            onSelect(
              held.map((entry) => entry.id),
              true,
            );
            setHeld([]);
          }}
        />
      ) : null}
    </>
  );
}
