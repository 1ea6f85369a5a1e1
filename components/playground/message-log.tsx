'use client';
/**
 * The playground's message log (issue 37): every JSON-RPC message of the session, both directions,
 * with its time from the session's start, kind, method and id; filtered by direction, kind and method
 * text (log-filter.ts); newest first, each request with the time its answer took (log-pairs.ts); each
 * entry opens to its JSON as text (redacted by the server) and a call to Send again; the entries shown
 * copy as NDJSON, oldest first; entries dropped at the log's limit are counted.
 */
import { useId, useState } from 'react';
import { LOG_DIRECTIONS, type PlaygroundLogEntry } from '@/lib/core/playground/schema';
import { formatCount } from '@/components/ui/display-format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { BUTTON, INPUT, LabelledField, MUTED } from '@/components/ui/styles';
import { escapeInvisibleInJson, VisibleText } from '@/components/ui/visible-text';
import { CopyButton } from './copy-button';
import type { PlaygroundCallRequest } from '@/lib/core/playground/schema';
import { filterLog, logAsNdjson, NO_FILTER, type LogFilter } from './log-filter';
import { newestFirst, pairEntries, replayOf, type Pairing } from './log-pairs';

/** PRE without its own scroll: the text wraps inside the log's one scroll region. */
const LOG_PRE =
  'mt-1 rounded-md bg-slate-50 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-800';

const KINDS = ['request', 'response', 'error', 'notification'] as const;
const DIRECTION_TEXT: Record<PlaygroundLogEntry['direction'], string> = {
  'client-to-server': 'to the server',
  'server-to-client': 'from the server',
};

/** The message as shown: pretty JSON when it parses (and was not cut), else its text. */
function shownJson(entry: PlaygroundLogEntry): string {
  if (!entry.truncated) {
    try {
      return escapeInvisibleInJson(JSON.stringify(JSON.parse(entry.json), null, 2));
    } catch {
      // Not JSON after all: its text.
    }
  }
  return entry.json;
}

// Long because: the summary line (order, time, direction, kind, method, id, size, latency), the JSON, Replay.
function Entry({
  entry,
  pairing,
  onReplay,
}: {
  entry: PlaygroundLogEntry;
  pairing: Pairing | undefined;
  onReplay: ((request: PlaygroundCallRequest) => void) | null;
}) {
  const replay = onReplay === null ? null : replayOf(entry);
  return (
    <li
      data-testid="log-entry"
      data-seq={entry.seq}
      data-direction={entry.direction}
      data-kind={entry.kind}
      data-method={entry.method ?? ''}
    >
      <details>
        <summary className="flex min-h-6 cursor-pointer flex-wrap items-center gap-x-1 font-mono text-xs">
          #{entry.seq} +{entry.atMs} ms{' '}
          <span aria-hidden="true">{entry.direction === 'client-to-server' ? '→' : '←'}</span>{' '}
          <span className="sr-only">{DIRECTION_TEXT[entry.direction]}</span> {entry.kind}
          {entry.method === null ? null : (
            <>
              {' '}
              <VisibleText text={entry.method} controls />
            </>
          )}
          {entry.id === null ? null : (
            <>
              {' '}
              id <VisibleText text={entry.id} controls />
            </>
          )}{' '}
          <span className={MUTED}>
            · {formatCount(entry.bytes)} bytes{entry.truncated ? ' (cut)' : ''}
          </span>
          {pairing === undefined ? null : (
            <span data-testid="log-latency" data-ms={pairing.latencyMs}>
              ·{' '}
              {entry.kind === 'request'
                ? `answered in ${String(pairing.latencyMs)} ms (#${String(pairing.other)})`
                : `${String(pairing.latencyMs)} ms after its request #${String(pairing.other)}`}
            </span>
          )}
        </summary>
        {/* The log's list is the one scroll region: an entry opened grows in it. */}
        <pre className={LOG_PRE}>
          <VisibleText text={shownJson(entry)} />
        </pre>
        {replay === null || onReplay === null ? null : (
          <button
            type="button"
            data-testid="log-replay"
            onClick={() => {
              onReplay(replay);
            }}
            className={`${BUTTON.secondary} mt-1`}
          >
            Send again
          </button>
        )}
      </details>
    </li>
  );
}

// Long because: the markup of three labelled filters, the count and copy line, and the list; the filtering is log-filter.ts's.
export function MessageLog({
  entries,
  dropped,
  onRefresh,
  onReplay,
}: {
  entries: readonly PlaygroundLogEntry[];
  dropped: number;
  onRefresh: () => void;
  /** Sends a logged call again; null while a call is in flight. */
  onReplay: ((request: PlaygroundCallRequest) => void) | null;
}) {
  const id = useId();
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const shown = filterLog(entries, filter);
  const pairs = pairEntries(entries);
  return (
    <div data-testid="message-log" className="space-y-3">
      <div className="grid gap-2 sm:grid-cols-3">
        <LabelledField id={`${id}-direction`} label="Direction">
          <select
            id={`${id}-direction`}
            data-testid="log-direction"
            value={filter.direction}
            onChange={(event) => {
              const value = LOG_DIRECTIONS.find((d) => d === event.target.value);
              setFilter({ ...filter, direction: value ?? 'all' });
            }}
            className={INPUT}
          >
            <option value="all">both</option>
            {LOG_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {DIRECTION_TEXT[direction]}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id={`${id}-kind`} label="Kind">
          <select
            id={`${id}-kind`}
            data-testid="log-kind"
            value={filter.kind}
            onChange={(event) => {
              const value = KINDS.find((k) => k === event.target.value);
              setFilter({ ...filter, kind: value ?? 'all' });
            }}
            className={INPUT}
          >
            <option value="all">every kind</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id={`${id}-method`} label="Method contains">
          <input
            id={`${id}-method`}
            data-testid="log-method"
            type="search"
            value={filter.method}
            autoComplete="off"
            onChange={(event) => {
              setFilter({ ...filter, method: event.target.value });
            }}
            className={INPUT}
          />
        </LabelledField>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p data-testid="log-count" role="status">
          Showing {formatCount(shown.length)} of {formatCount(entries.length)} messages
          {dropped > 0 ? ` (${formatCount(dropped)} older ones dropped at the log's limit)` : ''}.
        </p>
        <CopyButton text={logAsNdjson(shown)} label="Copy as NDJSON" testId="log-copy" />
        <button type="button" data-testid="log-refresh" onClick={onRefresh} className={BUTTON.ghost}>
          Refresh
        </button>
      </div>
      {shown.length === 0 ? (
        <p className={`text-sm ${MUTED}`}>No message matches.</p>
      ) : (
        <ScrollRegion label="Messages" className="max-h-[32rem] overflow-auto">
          <ol className="space-y-1" aria-label="Messages, newest first">
            {newestFirst(shown).map((entry) => (
              <Entry key={entry.seq} entry={entry} pairing={pairs.get(entry.seq)} onReplay={onReplay} />
            ))}
          </ol>
        </ScrollRegion>
      )}
    </div>
  );
}
