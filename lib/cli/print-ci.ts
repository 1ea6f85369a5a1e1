/**
 * The CI formats of an audit (SARIF, JUnit, Markdown), loaded only when asked for.
 */
import type { Severity } from '../core/severity';
import type { Report } from '../core/report';
import { auditToJunit } from './print-junit';
import { auditToMarkdown } from './print-markdown';
import { auditToSarif } from '../core/sarif/build';

export function renderAuditCi(report: Report, format: 'sarif' | 'junit' | 'markdown', failOn: Severity | null): string {
  switch (format) {
    case 'sarif':
      return `${JSON.stringify(auditToSarif(report), null, 2)}\n`;
    case 'junit':
      return auditToJunit(report, failOn);
    case 'markdown':
      return auditToMarkdown(report, failOn);
  }
}
