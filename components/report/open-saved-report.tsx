'use client';

/**
 * "Open a saved report": any JSON file the product writes (a report, all reports of Your servers, a
 * contract, an OAuth check), read in the browser (never uploaded), recognised and validated (saved-file.ts).
 */
import { useId, useState } from 'react';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { parseSavedFile, type SavedFile } from './saved-file';
import { MAX_SAVED_REPORT_BYTES } from './saved-report';

export function OpenSavedReport({ onOpen }: { onOpen: (file: SavedFile, fileName: string) => void }) {
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
              `${file.name} is larger than ${MAX_SAVED_REPORT_BYTES / 1024 / 1024} MB: not a file this dashboard saved.`,
            );
            return;
          }
          file.text().then(
            (text) => {
              const result = parseSavedFile(text, file.name);
              if (result.ok) {
                setError(null);
                onOpen(result.file, file.name);
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
          A report, all reports of Your servers, a contract or an OAuth check saved earlier, read here without running
          anything.
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
