/**
 * The first lines of the text output: Read first (lib/core/report/read-first.ts), the top three tools of the
 * risk order with the reason and the start of each description, and the capability-gated, unlisted
 * and later-added tools; then one line on the client capabilities declared. Server text is made
 * terminal-safe first.
 */
import { describeCapabilities } from '../../core/capabilities/declared';
import { OBSERVED_WORDS, readFirst } from '../../core/report/read-first';
import type { Report } from '../../core/report/report';
import { terminalSafe, type TextStyle } from './terminal';

const names = (list: readonly string[]): string =>
  list
    .slice(0, 8)
    .map((name) => terminalSafe(name, 128))
    .join(', ') + (list.length > 8 ? `, … (${list.length} in all)` : '');

export function renderReadFirstLines(report: Report, style: TextStyle): string[] {
  const first = readFirst(report);
  if (first.tools.length === 0 && first.gated.length === 0 && first.unlisted.length === 0) return [];
  const out = [style.bold('read first:')];
  for (const tool of first.tools) {
    const shown = tool.displayName !== tool.name ? ` ${style.dim(`"${terminalSafe(tool.displayName, 60)}"`)}` : '';
    out.push(` ${tool.rank}. ${style.bold(terminalSafe(tool.name, 128))}${shown}`);
    out.push(
      tool.reason === null
        ? `    why: ${style.dim('no flag; it ranks here by its declared level and name')}`
        : tool.sameAs !== null
          ? `    why: as ${tool.sameAs}. (${tool.reason.id}); apart: ${terminalSafe(tool.apart ?? '', 200)}`
          : `    why: ${tool.observed ? `${style.bold(OBSERVED_WORDS)}: ` : ''}${style.severity(tool.reason.severity, tool.reason.severity)} ${tool.reason.id}: ${terminalSafe(tool.reason.message, 200)}`,
    );
    // The first of those sharing a reason says what sets it apart on a line of its own.
    if (tool.apart !== null && tool.sameAs === null) out.push(`    sets it apart: ${terminalSafe(tool.apart, 200)}`);
    out.push(
      tool.description === null
        ? `    says: ${style.dim('(no description)')}`
        : `    says: "${terminalSafe(tool.description, 160)}${tool.truncated ? '…' : ''}"`,
    );
  }
  if (first.gated.length > 0)
    out.push(
      ` ${style.severity('medium', 'capability-gated')}: ${names(first.gated)} (listed only to a client that declares them)`,
    );
  for (const { message } of first.unlisted)
    out.push(` ${style.severity('medium', 'unlisted-tool')}: ${terminalSafe(message, 300)}`);
  if (first.addedLater.length > 0)
    out.push(` ${style.severity('medium', 'added after the lists')}: ${names(first.addedLater)}`);
  return out;
}

/** "client capabilities: host: roots (listChanged), sampling, … · 2 server requests". */
export function renderCapabilitiesLine(report: Report, style: TextStyle): string[] {
  const session = report.clientSession;
  if (session === undefined) return [];
  const declared = describeCapabilities(session.declared);
  const source = session.mode === 'file' ? `file ${terminalSafe(session.file ?? '', 200)}` : session.mode;
  const requests = session.serverRequests.length;
  return [
    style.dim(
      `client capabilities (${source}): ${declared.length === 0 ? 'none declared' : declared.join(', ')}` +
        (requests === 0 ? '' : ` · ${requests} server request${requests === 1 ? '' : 's'} (listed below)`),
    ),
  ];
}
