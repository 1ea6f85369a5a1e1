'use client';

/**
 * A file opened with "Open a saved report", by kind: a report is shown like a finished audit (the
 * run's own view); a batch, a contract or an OAuth check has its own view, kept until an audit
 * starts or another file is opened. A report opened from a batch is shown below the batch.
 */
import { useState } from 'react';
import type { Report } from '@/lib/core/report/report';
import type { SavedFile } from './saved-file';

export interface ShownFile {
  file: Exclude<SavedFile, { kind: 'report' }>;
  name: string;
}

interface RunControls {
  showSaved: (saved: Report, fileName: string) => void;
  clear: () => void;
}

export function useSavedFile({ showSaved, clear }: RunControls) {
  const [shown, setShown] = useState<ShownFile | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const open = (file: SavedFile, name: string): void => {
    setOpenId(null);
    if (file.kind === 'report') {
      setShown(null);
      showSaved(file.report, name);
    } else {
      setShown({ file, name });
      clear();
    }
  };

  /** One server's report from the batch shown, named after the file and the server. */
  const openFromBatch = (id: string, serverName: string, report: Report): void => {
    setOpenId(id);
    showSaved(report, `${shown?.name ?? 'saved file'}: ${serverName}`);
  };

  const dismiss = (): void => {
    setShown(null);
    setOpenId(null);
  };

  return { shown, openId, open, openFromBatch, dismiss };
}
