/**
 * A directory's readiness verdict (audit --profile, lib/core/readiness/) as text lines and as Markdown:
 * each rule passed or failed with the items missing and its source (URL and the day it was read), then
 * what the directory asks that an audit cannot check. The Markdown form is in print-markdown.ts.
 */
import type { Report } from '../../core/report/report';
import { terminalSafe, type TextStyle } from './terminal';

export const missingList = (missing: readonly string[], max = 8): string =>
  `${missing.slice(0, max).join(', ')}${missing.length > max ? `, and ${missing.length - max} more` : ''}`;

export function renderReadinessLines(report: Report, style: TextStyle): string[] {
  const readiness = report.readiness;
  if (readiness === undefined) return [];
  const out = ['', style.bold(`readiness for ${readiness.name}: ${readiness.ready ? 'ready' : 'not ready'}`)];
  for (const rule of readiness.rules) {
    const verdict = rule.pass ? 'pass' : rule.level === 'advisory' ? 'warn' : 'FAIL';
    out.push(
      `  ${rule.pass ? verdict : style.severity(rule.level === 'advisory' ? 'low' : 'high', verdict)} ${rule.id}: ${rule.text}`,
    );
    if (!rule.pass) out.push(`    missing: ${terminalSafe(missingList(rule.missing), 600)}`);
    out.push(style.dim(`    source: ${rule.source.url} (read ${rule.source.read})`));
  }
  for (const item of readiness.notChecked) out.push(style.dim(`  not checked: ${item}`));
  return out;
}
