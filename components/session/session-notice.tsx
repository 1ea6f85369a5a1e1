'use client';
/**
 * Says so when this tab holds no session token (the page was opened without the printed link), and
 * moves a token from the fragment into sessionStorage as soon as the page loads.
 */
import { useEffect, useState } from 'react';
import { sessionToken } from './session-token';

export function SessionNotice() {
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setMissing(sessionToken() === null);
  }, []);
  if (!missing) return null;
  return (
    <p
      data-testid="session-missing"
      role="status"
      className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      This tab has no session token, so the dashboard needs its session token before it runs anything: open the URL
      printed when the dashboard started (it ends with #token=…).
    </p>
  );
}
