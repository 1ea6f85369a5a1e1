/** Findings that belong to no listed server (a file that does not parse, an entry the client would reject), most severe first. */
import type { ConfigFinding } from '@/lib/core/config/findings';
import { orderFindings } from '@/lib/core/config/risky';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { severityClass } from './server-list';

export function FileFindings({ findings }: { findings: readonly ConfigFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div className="mt-4" data-testid="file-findings">
      <h3 className="text-sm font-semibold">Entries and files that could not be read</h3>
      <ul className="mt-1 space-y-1 text-xs">
        {orderFindings(findings).map((finding, index) => (
          <li key={index} className="flex flex-wrap items-baseline gap-2">
            <span className={`rounded px-1.5 py-0.5 font-medium ${severityClass(finding.severity)}`}>
              {finding.severity}
            </span>
            <span className="font-mono">{finding.id}</span>
            <span className={`font-mono break-all ${MUTED}`}>
              {finding.file}:{finding.line}
            </span>
            <span className="break-words">
              <VisibleText text={finding.message} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
