/**
 * Icons on tools, prompts, resources and templates (MCP 2025-11-25 and later: `icons[]` with `src`,
 * `mimeType`, `sizes`). A client fetches and renders them: `src` should be https or a data: URI,
 * SVG can carry script, and an icon from another domain than the server's tells that domain when
 * and where the server is used.
 */
import type { FindingDefinition, Severity } from '../severity';
import { isRecord } from '../is-record';

export const ICON_ID = 'icon-source';

export const ICON_DEFINITION: FindingDefinition<typeof ICON_ID> = {
  id: ICON_ID,
  severity: 'medium',
  title: 'Icon a client should not load as is',
  meaning:
    'An icon is not an https or data: URI (medium: http leaks and can be swapped in transit; other schemes can run code), is SVG (medium: SVG can carry script when rendered unsafely), or comes from another domain than the server (low: that domain learns when the server is listed). Malformed icon entries are reported too.',
  default: null,
  doesNotTell: 'What the image shows, or whether the other domain is a plain CDN. Icons were never fetched.',
  reference: 'MCP specification 2025-11-25 and later, Icons (security considerations)',
};

export interface IconProblem {
  severity: Severity;
  message: string;
}

/** The registrable part of a host, roughly: the last two labels (enough to tell cdn.a.com from b.net). */
function siteOf(host: string): string {
  return host.toLowerCase().split('.').slice(-2).join('.');
}

/** Problems of an `icons` value; `serverHost` is the audited server's host (null for stdio). */
export function iconProblems(icons: unknown, serverHost: string | null): IconProblem[] {
  if (icons === undefined) return [];
  if (!Array.isArray(icons)) return [{ severity: 'low', message: 'icons is not an array.' }];
  const problems: IconProblem[] = [];
  icons.forEach((icon, i) => {
    if (!isRecord(icon) || typeof icon.src !== 'string') {
      problems.push({ severity: 'low', message: `icons[${i}] has no src string` });
      return;
    }
    const src = icon.src;
    const shown = src.length > 80 ? `${src.slice(0, 80)}…` : src;
    const svg =
      icon.mimeType === 'image/svg+xml' || /^data:image\/svg\+xml/i.test(src) || /\.svgz?(?:[?#]|$)/i.test(src);
    if (src.startsWith('data:')) {
      if (svg) problems.push({ severity: 'medium', message: `icons[${i}] is an inline SVG (can carry script)` });
      return;
    }
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      problems.push({ severity: 'medium', message: `icons[${i}] src "${shown}" is not a URL` });
      return;
    }
    if (url.protocol !== 'https:') {
      problems.push({
        severity: 'medium',
        message: `icons[${i}] src "${shown}" is ${url.protocol.slice(0, -1)}, not https or data:`,
      });
      return;
    }
    if (svg) problems.push({ severity: 'medium', message: `icons[${i}] "${shown}" is SVG (can carry script)` });
    if (serverHost !== null && siteOf(url.hostname) !== siteOf(serverHost)) {
      problems.push({
        severity: 'low',
        message: `icons[${i}] comes from ${url.hostname}, not the server's domain ${serverHost}`,
      });
    }
  });
  return problems;
}
