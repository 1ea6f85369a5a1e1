/** The dashboard's MCP Apps view: every UI resource of the Report (app-resource-details.tsx). */
import type { Report } from '@/lib/core/report/report';
import { MUTED } from '@/components/ui/styles';
import { AppResourceDetails } from './app-resource-details';

export function AppsView({ apps }: { apps: NonNullable<Report['apps']> }) {
  return (
    <div data-testid="apps-view" className="space-y-6">
      <p className={`text-xs ${MUTED}`}>
        Hosts render each UI resource in a sandboxed frame under the CSP it declares. The audit read the HTML with
        resources/read and never ran it; the source below is text.
      </p>
      {apps.resources.map((resource) => (
        <AppResourceDetails key={resource.uri} resource={resource} />
      ))}
      {apps.toolProblems.map(({ tool, problems }) => (
        <p key={tool} className={`text-xs ${MUTED}`}>
          {tool}: its _meta.ui breaks the extension&apos;s schema: {problems.join('; ')}
        </p>
      ))}
    </div>
  );
}
