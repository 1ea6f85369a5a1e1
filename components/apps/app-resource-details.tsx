/**
 * One MCP App UI resource as the Report carries it (lib/core/report/apps-report.ts): the tools that
 * show it and who may call them, its CSP domains, permissions and domain, what its HTML loads and where
 * it sends data, its findings, and the HTML itself as escaped text in a <pre>. The page is never run or
 * framed here: React renders the source as a text node, so no tag in it becomes an element. Shared by
 * the dashboard's Apps view and the printed review.
 */
import type { AppResourceReport } from '@/lib/core/report/apps-report';
import { MUTED, PRE } from '@/components/ui/styles';

const listOf = (items: readonly string[]): string => (items.length === 0 ? 'none' : items.join(', '));

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2">
      <dt className={MUTED}>{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

export function AppResourceDetails({
  resource,
  showSource = true,
}: {
  resource: AppResourceReport;
  showSource?: boolean;
}) {
  const { scan, source } = resource;
  const tools = resource.tools.map(
    (tool) => `${tool.name} (${tool.visibility.join(', ') || 'no one'}${tool.visibilityDeclared ? '' : ', default'})`,
  );
  return (
    <div data-testid="app-resource" className="space-y-2 text-sm">
      <h3 className="font-mono text-sm font-semibold break-all">{resource.uri}</h3>
      <dl className="space-y-1 text-xs">
        <Row label="Tools (visibility)" value={listOf(tools)} />
        <Row label="connectDomains" value={listOf(resource.csp.connectDomains)} />
        <Row label="resourceDomains" value={listOf(resource.csp.resourceDomains)} />
        <Row label="frameDomains" value={listOf(resource.csp.frameDomains)} />
        <Row label="Permissions" value={listOf(resource.permissions)} />
        <Row label="Domain" value={resource.domain ?? 'host default'} />
        {scan === null ? (
          <Row label="HTML" value={`not read: ${source.error ?? 'unknown'}`} />
        ) : (
          <>
            <Row label="Scripts" value={`${listOf(scan.scripts)} (+${scan.inlineScripts} inline)`} />
            <Row
              label="Sends to"
              value={listOf([
                ...scan.connects.map((c) => `${c.kind} ${c.url}`),
                ...scan.forms.map((f) => `form ${f.method} ${f.action}`),
              ])}
            />
            <Row
              label="Handlers, redirects"
              value={listOf([...scan.handlers, ...scan.redirects.map((r) => `${r.kind} ${r.url}`)])}
            />
            <Row label="Tools it calls" value={listOf(scan.toolCalls)} />
          </>
        )}
      </dl>
      {resource.schemaProblems.length > 0 ? (
        <p className={`text-xs ${MUTED}`}>Schema: {resource.schemaProblems.join('; ')}</p>
      ) : null}
      <ul className="space-y-1" aria-label={`Findings on ${resource.uri}`}>
        {resource.flags.map((flag) => (
          <li key={flag.id} data-testid="app-finding" data-flag-id={flag.id} className="text-xs">
            <span className="font-semibold">{flag.severity}</span> <code>{flag.id}</code>: {flag.message}
          </li>
        ))}
      </ul>
      {showSource && source.text !== null ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium">
            Source ({source.length} characters{source.truncated ? ', cut' : ''}; shown as text, never run)
          </summary>
          <pre data-testid="app-source" className={`${PRE} max-h-96 overflow-auto`} tabIndex={0}>
            {source.text}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
