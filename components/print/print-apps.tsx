/**
 * The MCP Apps section of the printed review: each UI resource with its tools, CSP, permissions and
 * findings, and its HTML as escaped text (components/apps/app-resource-details.tsx), never rendered.
 */
import type { Report } from '@/lib/core/report/report';
import { AppResourceDetails } from '@/components/apps/app-resource-details';
import { PrintSection } from './print-parts';

export function PrintApps({ report }: { report: Report }) {
  const apps = report.apps;
  if (apps === undefined || apps.resources.length === 0) return null;
  return (
    <PrintSection
      title={`MCP Apps (${apps.resources.length} UI resource${apps.resources.length === 1 ? '' : 's'}, read as text, never run)`}
    >
      {apps.resources.map((resource) => (
        <div key={resource.uri} className="mb-3">
          <AppResourceDetails resource={resource} showSource={false} />
          {resource.source.text === null ? null : (
            <pre data-testid="print-app-source" className="mt-1 text-[8pt] break-all whitespace-pre-wrap">
              {resource.source.text}
            </pre>
          )}
        </div>
      ))}
    </PrintSection>
  );
}
