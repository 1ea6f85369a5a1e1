'use client';

/** "Open a saved report": a JSON report exported earlier, read in the browser (never uploaded) and validated. */
import { useId, useState } from 'react';
import type { Report } from '@/lib/core/report';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { MAX_SAVED_REPORT_BYTES, parseSavedReport } from './saved-report';

export function OpenSavedReport({
  onOpen,
}: {
  /** notes: what was computed for a report written by an earlier build (empty for a current one). */
  onOpen: (report: Report, fileName: string, notes: string[]) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <label htmlFor={`${id}-file`} className={`${BUTTON.secondary} cursor-pointer focus-within:outline-2`}>
        Open a saved report
      </label>
      <input
        id={`${id}-file`}
        data-testid="open-saved-report"
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-describedby={error === null ? `${id}-help` : `${id}-error`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file === undefined) return;
          if (file.size > MAX_SAVED_REPORT_BYTES) {
            setError(
              `${file.name} is larger than ${MAX_SAVED_REPORT_BYTES / 1024 / 1024} MB: not a report this dashboard saved.`,
            );
            return;
          }
          file.text().then(
            (text) => {
              const result = parseSavedReport(text, file.name);
              if (result.ok) {
                setError(null);
                onOpen(result.report, file.name, result.notes);
              } else {
                setError(result.message);
              }
            },
            () => {
              setError(`${file.name} could not be read.`);
            },
          );
        }}
      />
      {error === null ? (
        <span id={`${id}-help`} className={`text-xs ${MUTED}`}>
          A JSON report saved earlier, read here without running the server.
        </span>
      ) : (
        <p
          id={`${id}-error`}
          data-testid="saved-report-error"
          role="alert"
          className="text-sm text-rose-800 dark:text-rose-300"
        >
          {error}
        </p>
      )}
    </div>
  );
}
