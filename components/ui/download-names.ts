/**
 * File names of the dashboard's downloads: mcp-hintcheck[-oauth]-<slug>-<yyyy-mm-dd>.<ext>, the
 * slug from the server name (or the target), reduced to [a-z0-9-], the date from the report.
 */
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { formatFileName, type FormatDefinition } from '@/lib/cli/formats/definition';
import type { Report } from '@/lib/core/report/report';

/** A file-name-safe slug: lower case, [a-z0-9-] only, no leading/trailing or doubled dashes. */
export function fileSlug(text: string, fallback = 'server'): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
  return slug === '' ? fallback : slug;
}

/** The day of an ISO date, or today when it is not one. */
function dayOf(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? new Date().toISOString().slice(0, 10);
}

/** What the server calls itself, else the last part of the command, else host and path of the URL. */
export function targetLabel(report: Report): string {
  if (report.server?.name != null && report.server.name.trim() !== '') return report.server.name;
  const { target } = report;
  if (target.transport === 'stdio') {
    const last = [target.command, ...target.args].at(-1) ?? target.command;
    const base =
      last
        .split(/[\\/]/)
        .filter((part) => part !== '')
        .at(-1) ?? last;
    return base.replace(/\.[a-z0-9]+$/i, '');
  }
  try {
    const url = new URL(target.url);
    return `${url.hostname}${url.pathname}`;
  } catch {
    return target.url;
  }
}

/** `variant` ("filtered") goes before the extension, so a filtered export says so in its name. */
export function downloadName(report: Report, format: Pick<FormatDefinition, 'file'>, variant?: 'filtered'): string {
  const suffix = variant === undefined ? '' : `-${variant}`;
  return formatFileName(`mcp-hintcheck-${fileSlug(targetLabel(report))}-${dayOf(report.generatedAt)}${suffix}`, format);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** mcp-hintcheck-oauth-<host>-<yyyy-mm-dd>.<ext>, like the report's own downloads. */
export function oauthDownloadName(oauth: OAuthReport, date: string, format: Pick<FormatDefinition, 'file'>): string {
  return formatFileName(`mcp-hintcheck-oauth-${fileSlug(hostOf(oauth.url))}-${dayOf(date)}`, format);
}

/**
 * mcp-hintcheck-contract-<server>-<yyyy-mm-dd>.json, for "Approve as contract": the server's name
 * (else its identity: command line or URL) and the day of the audit approved.
 */
export function contractDownloadName(serverName: string | null, identity: string, date: string): string {
  const label = serverName !== null && serverName.trim() !== '' ? serverName : identity;
  return `mcp-hintcheck-contract-${fileSlug(label)}-${dayOf(date)}.json`;
}
