/**
 * The text printer's part on the session beyond the lists (Report.clientSession): every request the
 * server sent and how it was answered, what was heard while listening after the lists and what listing
 * again found (each tool changed mid-session with its word diff), and the capability comparison.
 * Server text is made terminal-safe first.
 */
import type { ListingChange } from '../../core/capabilities/listing-change';
import type { ServerRequestRecord } from '../../core/capabilities/session';
import { textDiffLines } from '../../core/word-diff';
import type { Report } from '../../core/report/report';
import { terminalSafe, type TextStyle } from './terminal';

/** One server request and its answer, and what it asked; `where` ("during x: ") goes before the time. */
export function renderRequestLines(request: ServerRequestRecord, style: TextStyle, where = ''): string[] {
  const answer =
    request.answer === 'none'
      ? style.severity('medium', 'not answered')
      : request.answer === 'error'
        ? 'error'
        : 'result:';
  return [
    ` ${where}+${request.atMs} ms ${terminalSafe(request.method, 100)} → ${answer} ${terminalSafe(request.detail, 200)}`,
    ...(request.asked === null ? [] : [style.dim(`    asked: ${terminalSafe(request.asked, 300)}`)]),
  ];
}

/** Each tool changed mid-session: its finding's severity and kind, then every changed text as a word diff. */
export function relistedChangeLines(changes: readonly ListingChange[], style: TextStyle): string[] {
  return changes.flatMap((change) => {
    const critical = change.kind === 'changed' || change.instructions !== null;
    const label = `${change.kind} ${terminalSafe(change.tool, 128)}${change.parts.length === 0 ? '' : ` (${change.parts.join(', ')})`}`;
    return [
      `    ${critical ? style.severity('critical', label) : label}`,
      // Runs of whitespace as one space: the diff reads on one line per text.
      ...textDiffLines(change.texts, (text) => terminalSafe(text.replace(/\s+/g, ' '), 4000)).map(
        (line) => `      ${line}`,
      ),
    ];
  });
}

export function renderSessionLines(report: Report, style: TextStyle): string[] {
  const session = report.clientSession;
  if (session === undefined) return [];
  const out: string[] = [];
  if (session.serverRequests.length > 0) {
    out.push('', `requests the server sent (${session.serverRequests.length}), and the answers:`);
    for (const request of session.serverRequests) out.push(...renderRequestLines(request, style));
    if (session.rootsSource === 'temporary' && session.roots.length > 0)
      out.push(style.dim('    roots: an empty folder made for this audit, removed after it (--root DIR offers yours)'));
  }
  if (session.listenMs > 0 || session.notifications.length > 0) {
    const counts = new Map<string, number>();
    for (const note of session.notifications) counts.set(note.method, (counts.get(note.method) ?? 0) + 1);
    const heard = [...counts].map(([method, n]) => `${terminalSafe(method, 100)}${n > 1 ? ` ×${n}` : ''}`);
    out.push(
      '',
      `listened ${session.listenMs} ms after the lists: ${heard.length === 0 ? 'no list_changed' : heard.join(', ')}`,
    );
    for (const entry of session.relisted) {
      const parts = [
        ...entry.added.map((name) => `+${terminalSafe(name, 128)}`),
        ...entry.removed.map((name) => `-${terminalSafe(name, 128)}`),
        ...entry.changed.map((name) => `~${terminalSafe(name, 128)}`),
      ];
      const what =
        entry.error !== null
          ? style.severity('medium', `failed: ${terminalSafe(entry.error, 200)}`)
          : parts.length === 0
            ? 'no change'
            : parts.join(' ');
      out.push(` ${entry.list} listed again at +${entry.atMs} ms: ${what}`);
      out.push(...relistedChangeLines(entry.changes ?? [], style));
    }
  }
  const comparison = session.comparison;
  if (comparison !== null) {
    out.push(
      '',
      comparison.toolsWithout === null
        ? style.severity(
            'medium',
            `compared with no capabilities: failed (${terminalSafe(comparison.error ?? '', 200)})`,
          )
        : `compared with no capabilities: ${comparison.toolsWithout} tool${comparison.toolsWithout === 1 ? '' : 's'}; capability-gated: ${comparison.gated.length === 0 ? 'none' : comparison.gated.map((name) => terminalSafe(name, 128)).join(', ')}` +
            (comparison.onlyWithout.length === 0
              ? ''
              : `; listed only without: ${comparison.onlyWithout.map((name) => terminalSafe(name, 128)).join(', ')}`),
    );
    const tasks = comparison.tasks;
    if (tasks !== null)
      out.push(
        tasks.toolsWithout === null
          ? style.severity('medium', `compared without tasks: failed (${terminalSafe(tasks.error ?? '', 200)})`)
          : `compared without tasks: ${tasks.toolsWithout} tool${tasks.toolsWithout === 1 ? '' : 's'}; only a task-capable client sees: ${tasks.gated.length === 0 ? 'none' : tasks.gated.map((name) => terminalSafe(name, 128)).join(', ')}`,
      );
  }
  return out;
}
