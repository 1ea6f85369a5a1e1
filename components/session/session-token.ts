/**
 * The page's session token. The printed URL carries it in the fragment (`/#token=…`), which a
 * browser never sends over the network; the page moves it into sessionStorage (scoped to this
 * scheme, host and port: no other service on 127.0.0.1 can read it), removes it from the address
 * bar, and sends it as `Authorization: Bearer` on every API call. No cookie: cookies are not scoped
 * by port, so one would reach every other local service (lib/server/http/access.ts).
 */
const STORAGE_KEY = 'hintcheck-session-token';

/** Takes the token out of the fragment, once, into sessionStorage. Safe to call repeatedly. */
export function captureSessionToken(): void {
  if (typeof window === 'undefined') return;
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match?.[1] === undefined) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, decodeURIComponent(match[1]));
  } catch {
    // Storage refused (private mode, quota): the API will answer 401 and the page says what to do.
  }
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
}

export function sessionToken(): string | null {
  if (typeof window === 'undefined') return null;
  captureSessionToken();
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Headers for a dashboard API call: the bearer token when this tab has one. */
export function authHeaders(): Record<string, string> {
  const token = sessionToken();
  return token === null ? {} : { Authorization: `Bearer ${token}` };
}
