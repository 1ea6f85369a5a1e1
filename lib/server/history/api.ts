/**
 * The history API behind the dashboard's History view, free of Next.js so it is tested with plain
 * Request objects (app/api/history/** only re-export). Access (token, Host, Origin) is decided
 * before any of this runs, in lib/server/dashboard/dashboard.ts. Answers are JSON, `no-store`.
 *
 *   GET /api/history                      servers with audits
 *   GET /api/history/audits?server=ID     that server's audits, newest first (figures only)
 *   GET /api/history/diff?a=ID&b=ID       the drift from audit a to audit b, as `verify` classifies it
 *   GET /api/history/contract?id=ID       the surface contract of audit ID, as a download
 */
import { buildContract } from '../../core/contract/build';
import { compareAudits } from '../../core/contract/drift';
import { diffRefusal, otherServerNote, partialNote } from '../../core/history/entry';
import { jsonText } from '../../core/report/json';
import { dashboardHistory } from './dashboard-history';
import { HistoryError, type HistoryStore } from './store';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
/** The most audits one list answer carries. */
export const MAX_LIST = 5000;

function jsonError(status: number, code: string, message: string, hint?: string): Response {
  return Response.json(
    { error: { code, message, ...(hint === undefined ? {} : { hint }) } },
    { status, headers: HEADERS },
  );
}

function idParam(url: URL, name: string): number | null {
  const value = url.searchParams.get(name);
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function withStore(answer: (store: HistoryStore) => Response): Response {
  try {
    return answer(dashboardHistory());
  } catch (error) {
    if (error instanceof HistoryError) return jsonError(503, `history-${error.code}`, error.message, error.hint);
    throw error;
  }
}

export function handleHistoryServers(): Response {
  return withStore((store) => Response.json({ servers: store.servers() }, { headers: HEADERS }));
}

export function handleHistoryAudits(request: Request): Response {
  const url = new URL(request.url);
  const server = idParam(url, 'server');
  if (server === null) return jsonError(400, 'bad-input', 'Give the server as ?server=ID (from GET /api/history).');
  return withStore((store) =>
    Response.json({ audits: store.list({ serverId: server, limit: MAX_LIST }) }, { headers: HEADERS }),
  );
}

export function handleHistoryDiff(request: Request): Response {
  const url = new URL(request.url);
  const a = idParam(url, 'a');
  const b = idParam(url, 'b');
  if (a === null || b === null) return jsonError(400, 'bad-input', 'Give two audits as ?a=ID&b=ID.');
  return withStore((store) => {
    const [before, after] = [store.report(a), store.report(b)];
    if (before === null || after === null)
      return jsonError(404, 'not-found', `There is no audit #${before === null ? a : b}.`);
    const refusal = diffRefusal(a, before) ?? diffRefusal(b, after);
    if (refusal !== null) return jsonError(409, 'bad-input', refusal, 'Pick two audits that listed their tools.');
    const compared = compareAudits(buildContract(before, before.generatedAt), buildContract(after, after.generatedAt));
    const notes = [
      otherServerNote({ id: a, report: before }, { id: b, report: after }),
      partialNote(a, before),
      partialNote(b, after),
    ].filter((note) => note !== null);
    const drift = { ...compared, notes: [...notes, ...compared.notes] };
    return Response.json({ a: store.entry(a), b: store.entry(b), drift }, { headers: HEADERS });
  });
}

export function handleHistoryContract(request: Request): Response {
  const url = new URL(request.url);
  const id = idParam(url, 'id');
  if (id === null) return jsonError(400, 'bad-input', 'Give the audit as ?id=ID.');
  return withStore((store) => {
    const report = store.report(id);
    if (report === null) return jsonError(404, 'not-found', `There is no audit #${id}.`);
    if (report.errors.length > 0 || !report.complete) {
      return jsonError(
        409,
        'incomplete',
        `Audit #${id} did not list the whole surface; a contract of it would pin a partial surface.`,
        'Approve a complete audit instead.',
      );
    }
    const contract = buildContract(report, report.generatedAt);
    return new Response(jsonText(contract), {
      headers: {
        ...HEADERS,
        'Content-Type': 'application/json; charset=utf-8',
        // The name `contract write` uses by default, so `verify --contract mcp-surface.json` finds it.
        'Content-Disposition': 'attachment; filename="mcp-surface.json"',
      },
    });
  });
}
