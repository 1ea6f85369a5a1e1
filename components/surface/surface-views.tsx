'use client';
/**
 * The views of a server's surface, Tools first: the tool table (passed in), then Prompts,
 * Resources (with templates) and Instructions, each with its count. A report without a surface
 * section (an older JSON) shows the tools only.
 */
import { useState, type ReactNode } from 'react';
import type { Report } from '@/lib/core/report/report';
import { MUTED, Panel } from '@/components/ui/styles';
import { InstructionsView } from './instructions-view';
import type { SurfaceRow } from './item-order';
import { SurfaceItemTable } from './item-table';
import { AppsView } from '@/components/apps/apps-view';

type View = 'tools' | 'prompts' | 'resources' | 'apps' | 'instructions';

export function promptRows(surface: NonNullable<Report['surface']>): SurfaceRow[] {
  return surface.prompts.map((prompt) => ({
    key: `prompt-${prompt.index}`,
    kind: 'prompt',
    name: prompt.name,
    displayName: prompt.displayName,
    secondary: prompt.argumentNames.length === 0 ? '' : `arguments: ${prompt.argumentNames.join(', ')}`,
    description: prompt.description,
    flags: prompt.flags,
    cost: prompt.cost,
    raw: prompt.raw,
  }));
}

export function resourceRows(surface: NonNullable<Report['surface']>): SurfaceRow[] {
  return [
    ...surface.resources.map((resource) => ({
      key: `resource-${resource.index}`,
      kind: resource.mimeType === null ? 'resource' : `resource · ${resource.mimeType}`,
      name: resource.name,
      displayName: resource.displayName,
      secondary: resource.uri,
      description: resource.description,
      flags: resource.flags,
      cost: resource.cost,
      raw: resource.raw,
    })),
    ...surface.resourceTemplates.map((template) => ({
      key: `template-${template.index}`,
      kind: 'template',
      name: template.name,
      displayName: template.displayName,
      secondary: template.uriTemplate,
      description: template.description,
      flags: template.flags,
      cost: template.cost,
      raw: template.raw,
    })),
  ];
}

function listNote(status: NonNullable<Report['surface']>['lists']['prompts'], what: string): ReactNode {
  if (!status.declared)
    return <p className={`mb-3 text-xs ${MUTED}`}>The server&apos;s capabilities do not declare {what}.</p>;
  if (status.error !== null)
    return (
      <p data-testid="list-error" className="mb-3 text-xs font-medium text-amber-700 dark:text-amber-300">
        This list failed: {status.error}
      </p>
    );
  return null;
}

export function SurfaceViews({ report, tools }: { report: Report; tools: ReactNode }) {
  const [view, setView] = useState<View>('tools');
  const surface = report.surface;
  if (surface === undefined) return <>{tools}</>;
  const resourceCount = surface.resources.length + surface.resourceTemplates.length;
  const tabs: { id: View; label: string }[] = [
    { id: 'tools', label: `Tools (${report.tools.length})` },
    { id: 'prompts', label: `Prompts (${surface.prompts.length})` },
    { id: 'resources', label: `Resources (${resourceCount})` },
    ...(report.apps === undefined ? [] : [{ id: 'apps' as const, label: `Apps (${report.apps.resources.length})` }]),
    { id: 'instructions', label: surface.instructions === null ? 'Instructions (none)' : 'Instructions' },
  ];
  return (
    <div className="space-y-3">
      <div
        role="tablist"
        aria-label="Surface"
        className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`surface-tab-${tab.id}`}
            aria-selected={view === tab.id}
            aria-controls={`surface-panel-${tab.id}`}
            data-testid={`surface-tab-${tab.id}`}
            onClick={() => {
              setView(tab.id);
            }}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              view === tab.id
                ? 'border-sky-600 text-slate-900 dark:border-sky-400 dark:text-slate-50'
                : `border-transparent ${MUTED} hover:text-slate-900 dark:hover:text-white`
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`surface-panel-${view}`} aria-labelledby={`surface-tab-${view}`}>
        {view === 'tools' ? tools : null}
        {view === 'prompts' ? (
          <Panel title="Prompts" headingId="prompts-heading" testId="prompts-view">
            {listNote(surface.lists.prompts, 'prompts')}
            <SurfaceItemTable rows={promptRows(surface)} testId="prompts-table" empty="No prompts listed." />
          </Panel>
        ) : null}
        {view === 'resources' ? (
          <Panel title="Resources and templates" headingId="resources-heading" testId="resources-view">
            {listNote(surface.lists.resources, 'resources')}
            {listNote(surface.lists.resourceTemplates, 'resource templates')}
            <SurfaceItemTable
              rows={resourceRows(surface)}
              testId="resources-table"
              empty="No resources or templates listed."
            />
          </Panel>
        ) : null}
        {view === 'apps' && report.apps !== undefined ? (
          <Panel title="MCP Apps" headingId="apps-heading" testId="apps-panel">
            <AppsView apps={report.apps} />
          </Panel>
        ) : null}
        {view === 'instructions' ? (
          <Panel title="Instructions" headingId="instructions-heading" testId="instructions-panel">
            <InstructionsView instructions={surface.instructions} />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}
