'use client';
/**
 * The playground's message log (issue 37): every JSON-RPC message of the session, both directions,
 * with its time from the session's start, kind, method and id; filtered by direction, kind and method
 * text (log-filter.ts); each entry opens to its JSON as text (redacted by the server); the entries
 * shown copy as NDJSON; entries dropped at the log's limit are counted.
 */
import { useId, useState } from 'react';
import { LOG_DIRECTIONS, type PlaygroundLogEntry } from '@/lib/core/playground/schema';
import { formatCount } from '@/components/ui/display-format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { BUTTON, INPUT, LabelledField, MUTED, PRE } from '@/components/ui/styles';
import { escapeInvisibleInJson, VisibleText } from '@/components/ui/visible-text';
import { CopyButton } from './copy-button';
import { filterLog, logAsNdjson, NO_FILTER, type LogFilter } from './log-filter';

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

function Entry({ entry }: { entry: PlaygroundLogEntry }) {
  return (
    <li
      data-testid="log-entry"
      data-direction={entry.direction}
      data-kind={entry.kind}
      data-method={entry.method ?? ''}
    >
      <details>
        <summary className="cursor-pointer font-mono text-xs">
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
        </summary>
        <ScrollRegion as="pre" label={`Message ${String(entry.seq)}`} className={`${PRE} mt-1 max-h-80`}>
          <VisibleText text={shownJson(entry)} />
        </ScrollRegion>
      </details>
    </li>
  );
}

// Long because: the markup of three labelled filters, the count and copy line, and the list; the filtering is log-filter.ts's.
export function MessageLog({
  entries,
  dropped,
  onRefresh,
}: {
  entries: readonly PlaygroundLogEntry[];
  dropped: number;
  onRefresh: () => void;
}) {
  const id = useId();
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const shown = filterLog(entries, filter);
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
          <ol className="space-y-1">
            {shown.map((entry) => (
              <Entry key={entry.seq} entry={entry} />
            ))}
          </ol>
        </ScrollRegion>
      )}
    </div>
  );
}
