/**
 * The text lines of the Report's MCP Apps section (lib/core/report/apps-report.ts): each UI resource
 * with its tools and their visibility, its CSP domains, permissions and domain, what its HTML loads and
 * where it sends data, then its findings. The HTML itself is not printed (the JSON report and the
 * dashboard carry it); server text is made terminal-safe first.
 */
import type { Report } from '../../core/report/report';
import { terminalSafe, type TextStyle } from './terminal';

const safeList = (items: readonly string[], max = 5): string =>
  items.length === 0
    ? '-'
    : `${items
        .slice(0, max)
        .map((item) => terminalSafe(item, 120))
        .join(', ')}${items.length > max ? `, and ${items.length - max} more` : ''}`;

export function renderAppsLines(report: Report, style: TextStyle): string[] {
  const section = report.apps;
  if (section === undefined) return [];
  const out = [
    '',
    style.bold(
      `MCP Apps (${section.resources.length} UI resource${section.resources.length === 1 ? '' : 's'}; the HTML is read, never run):`,
    ),
  ];
  for (const resource of section.resources) {
    const tools = resource.tools.map((tool) => `${tool.name} [${tool.visibility.join(', ')}]`);
    out.push(` ${terminalSafe(resource.uri, 200)}  tools: ${safeList(tools)}`);
    out.push(
      `   csp connect: ${safeList(resource.csp.connectDomains)}  resource: ${safeList(resource.csp.resourceDomains)}  frame: ${safeList(resource.csp.frameDomains)}`,
    );
    out.push(`   permissions: ${safeList(resource.permissions)}  domain: ${terminalSafe(resource.domain ?? '-', 120)}`);
    const scan = resource.scan;
    if (scan === null) out.push(style.dim(`   HTML not read: ${terminalSafe(resource.source.error ?? '-', 200)}`));
    else {
      out.push(
        `   HTML ${resource.source.length} characters${resource.source.truncated ? ' (cut)' : ''}: scripts ${safeList(scan.scripts)} (+${scan.inlineScripts} inline); connects ${safeList(scan.connects.map((c) => `${c.kind} ${c.url}`))}; forms ${safeList(scan.forms.map((f) => `${f.method} ${f.action}`))}`,
      );
      out.push(
        `   handlers ${safeList(scan.handlers)}; redirects ${safeList(scan.redirects.map((r) => `${r.kind} ${r.url}`))}; frames ${safeList(scan.frames)}; calls ${safeList(scan.toolCalls)}`,
      );
    }
    for (const problem of resource.schemaProblems) out.push(style.dim(`   schema: ${terminalSafe(problem, 200)}`));
    for (const flag of resource.flags)
      out.push(`   ${style.severity(flag.severity, flag.severity)} ${flag.id}: ${terminalSafe(flag.message, 300)}`);
  }
  for (const { tool, problems } of section.toolProblems)
    out.push(style.dim(` tool ${terminalSafe(tool, 80)} _meta.ui: ${safeList(problems, 3)}`));
  return out;
}
