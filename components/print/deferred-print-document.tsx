'use client';
/**
 * The print-only document, drawn after the screen: it holds every tool in full (thousands of nodes on
 * a large server), so it renders at a lower priority once the report is shown (useDeferredValue),
 * and at once, synchronously, when the browser is about to print before that render has finished
 * (`beforeprint`, which Chrome waits for).
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Report } from '@/lib/core/report/report';
import { PrintDocument } from './print-document';

/** Whether the browser has been about to print since this report was shown. */
function usePrintRequested(): boolean {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    const before = (): void => {
      flushSync(() => {
        setRequested(true);
      });
    };
    window.addEventListener('beforeprint', before);
    return () => {
      window.removeEventListener('beforeprint', before);
    };
  }, []);
  return requested;
}

export function DeferredPrintDocument({ report, source }: { report: Report; source?: string }) {
  const deferred = useDeferredValue<Report | null>(report, null);
  const shown = usePrintRequested() ? report : deferred;
  if (shown === null) return null;
  return <PrintDocument report={shown} {...(source === undefined ? {} : { source })} />;
}
