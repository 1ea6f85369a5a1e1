/**
 * The dashboard's "Your servers": GET /api/servers lists every server in the clients'
 * configuration files with the configuration findings (nothing launched); POST
 * /api/servers/audit audits the chosen ones as one batch and answers NDJSON (each server's
 * progress and result, then the overview and the session findings). The listing also names the
 * project folder and HOME it read, so the page maps files into SARIF as the CLI does. The browser can only choose
 * among listed servers by id: commands come from the files, re-read for every batch. Values the
 * user supplies are used for that batch only, never stored, never echoed. Closing the request
 * cancels every server. Free of Next.js; app/api/servers route handlers re-export these.
 */
import { readJsonRequest } from './json-request';
import { ndjsonResponse } from './ndjson-response';
import { batchRequestSchema } from '../../core/api/batch-request';
import { CONFIG_FINDING_DEFINITIONS } from '../../core/config/findings';
import { describeIssues } from '../../core/api/audit-request';
import { productEnv } from '../../core/product';
import type { ServersEvent } from '../../core/session/servers-stream';
import { runBatch } from '../audit/batch';
import { tryStartBatch } from '../audit/concurrency';
import { problemResponse } from './problem-response';
import type { DiscoveryPlace } from '../config/config-discovery';
import { loadServers, planBatch, sessionView } from '../config/scan';

/** Where the dashboard looks: HOME (or HINTCHECK_SCAN_HOME) and its project folder. */
export function dashboardPlace(env: Readonly<Record<string, string | undefined>> = process.env): DiscoveryPlace {
  return {
    platform: process.platform,
    home: productEnv(env, 'SCAN_HOME')?.value ?? env.HOME ?? env.USERPROFILE ?? '',
    projectDir: productEnv(env, 'PROJECT')?.value ?? process.cwd(),
    env,
  };
}

export async function handleServersList(place: DiscoveryPlace = dashboardPlace()): Promise<Response> {
  const loaded = await loadServers(place);
  return Response.json(
    {
      servers: loaded.listing.servers,
      findings: loaded.listing.findings,
      definitions: CONFIG_FINDING_DEFINITIONS,
      searched: loaded.discovery.searched.map((candidate) => candidate.file),
      // The folders the page's SARIF paths are mapped against (paths it already shows, never values).
      project: place.projectDir,
      home: place.home,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function handleServersAudit(
  request: Request,
  place: DiscoveryPlace = dashboardPlace(),
): Promise<Response> {
  // Counted while it streams, refused at the route's cap (request-body.ts), like every other route.
  const read = await readJsonRequest(request, '/api/servers/audit', 'the choice');
  if (!read.ok) return read.response;
  const body = read.body;
  const parsed = batchRequestSchema.safeParse(body);
  if (!parsed.success) {
    // Never echo the values: describe the path and the rule only.
    return problemResponse({
      code: 'bad-input',
      message: `The choice is not valid: ${describeIssues(parsed.error)}.`,
      hint: 'Send {ids, values?, concurrency?}.',
    });
  }
  const loaded = await loadServers(place);
  const plan = planBatch(loaded, parsed.data.ids, { place, values: parsed.data.values });
  if (plan.unknown.length > 0) {
    return problemResponse({
      code: 'bad-input',
      message: `${plan.unknown.length} chosen server${plan.unknown.length === 1 ? ' is' : 's are'} no longer in the configuration files.`,
      hint: 'Reload the list: a file changed since it was read.',
    });
  }
  const slot = tryStartBatch();
  if ('busy' in slot) return slot.busy;
  return ndjsonResponse<ServersEvent>(
    request,
    async (send, signal) => {
      // runBatch turns every audit failure into a result.
      const results = await runBatch(plan.items, {
        concurrency: parsed.data.concurrency,
        signal,
        onEvent: send,
        audit: { callerEnv: place.env },
      });
      const view = sessionView(plan, results);
      send({ type: 'session', rows: view.rows, findings: view.findings });
    },
    slot.release,
  );
}
