'use client';

/**
 * The URL a sign-in is offered for: set by a report of a protected server (its resource metadata was
 * usable), cleared by a report of another target, unchanged while an audit runs, so a sign-in in
 * progress is not torn down by the audits it serves.
 */
import { useEffect, useState } from 'react';
import type { Report } from '@/lib/core/report/report';

export function useSignInOffer(report: Report | null, reportUrl: string | null): string | null {
  const [signInUrl, setSignInUrl] = useState<string | null>(null);
  const reportProtected = report?.oauth?.protectedResource.used === true;
  useEffect(() => {
    if (report === null) return;
    if (reportUrl !== null && reportProtected) setSignInUrl(reportUrl);
    else setSignInUrl((current) => (current === reportUrl ? current : null));
  }, [report, reportUrl, reportProtected]);
  return signInUrl;
}
