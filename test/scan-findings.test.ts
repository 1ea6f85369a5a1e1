// The walk of every finding of a scan (lib/core/session/scan-findings.ts) on a real batch: real client
// files in a temporary HOME (test/scan-batch-fixture.ts), real audits of the project's fixture servers
// and of a hosted one on 127.0.0.1, built as the CLI builds it (loadServers, planBatch, runBatch,
// sessionView). Every finding of each family is there once, with its subject, the batch items it is
// about and the definition of its own catalogue; the gate judges the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeFindings } from '../lib/cli/scan';
import type { BatchResult } from '../lib/core/api/batch-request';
import { CONFIG_FINDING_DEFINITIONS } from '../lib/core/config/findings';
import type { FindingDefinition } from '../lib/core/finding';
import { FLAG_DEFINITIONS } from '../lib/core/flags/catalogue';
import { OAUTH_FINDING_DEFINITIONS } from '../lib/core/oauth/definitions';
import { allFindings } from '../lib/core/report/findings';
import { SESSION_FINDING_DEFINITIONS } from '../lib/core/session/findings';
import {
  ofFamily,
  SCAN_FINDING_FAMILIES,
  scanFindingDefinition,
  scanFindings,
  type ScanFinding,
} from '../lib/core/session/scan-findings';
import { failsScanGate } from '../lib/core/session/scan-gate';
import { atOrAbove } from '../lib/core/severity';
import { runBatch } from '../lib/server/audit/batch';
import { loadServers, planBatch, sessionView, type BatchPlan, type SessionView } from '../lib/server/config/scan';
import { scanBatchPlace, type ScanBatchPlace } from './scan-batch-fixture';

let at: ScanBatchPlace;
let loaded: Awaited<ReturnType<typeof loadServers>>;
let plan: BatchPlan;
let results: BatchResult[];
let view: SessionView;
let walk: ScanFinding[];

beforeAll(async () => {
  at = await scanBatchPlace();
  loaded = await loadServers(at.place);
  const ids = loaded.listing.servers.filter((server) => server.launchable).map((server) => server.id);
  plan = planBatch(loaded, ids, { place: at.place, values: {} });
  results = await runBatch(plan.items, { audit: { callerEnv: at.place.env } });
  view = sessionView(plan, results);
  walk = outcomeFindings({ loaded, place: at.place, root: at.project, results, plan, view });
}, 120_000);
afterAll(async () => {
  await at.close();
});

/** The batch item of the listing named `name` in the client `client`. */
function itemOf(name: string, client: string): string {
  const found = [...plan.listings].find(([, listings]) =>
    listings.some((listing) => listing.name === name && listing.client === client),
  );
  if (found === undefined) throw new Error(`no item for ${client}/${name}`);
  return found[0];
}

const CATALOGUES: readonly Readonly<Record<string, FindingDefinition>>[] = [
  CONFIG_FINDING_DEFINITIONS,
  FLAG_DEFINITIONS,
  OAUTH_FINDING_DEFINITIONS,
  SESSION_FINDING_DEFINITIONS,
];

/** The definition in the one catalogue that has the id. */
function ownCatalogue(id: string): FindingDefinition | undefined {
  const owners = CATALOGUES.filter((catalogue) => Object.hasOwn(catalogue, id));
  expect(owners).toHaveLength(1);
  return owners[0]?.[id];
}

describe('the walk of every finding of a scan', () => {
  it('audits the batch (the premise)', () => {
    expect(results.map((result) => result.status)).toEqual(results.map(() => 'ok'));
    expect(results).toHaveLength(6);
  });

  it('walks configuration, then each server in the batch’s order, then session findings', () => {
    const ranks = walk.map((finding) => SCAN_FINDING_FAMILIES.indexOf(finding.family));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const serverOrder = [...new Set(ofFamily(walk, 'server').map((finding) => finding.subject.id))];
    expect(serverOrder.length).toBeGreaterThan(2);
    expect(serverOrder).toEqual(results.map((result) => result.id).filter((id) => serverOrder.includes(id)));
  });

  it('has each configuration finding at its entry, about the batch item of that entry only', () => {
    const config = ofFamily(walk, 'configuration');
    expect(config.map(({ id, severity, message, subject }) => ({ id, severity, message, ...subject }))).toEqual(
      loaded.listing.findings,
    );
    const secret = config.find((finding) => finding.id === 'plaintext-secret');
    expect(secret?.subject).toMatchObject({ client: 'gemini', server: 'leaky', line: 1 });
    expect(secret?.serverIds).toEqual([itemOf('leaky', 'gemini')]);
    // The entry the client rejects is not audited: about no batch item.
    expect(config.find((finding) => finding.id === 'entry-rejected')?.serverIds).toEqual([]);
  });

  it('has every finding of each audited server’s report, in the report walk’s order, the OAuth one included', () => {
    for (const result of results) {
      const own = ofFamily(walk, 'server').filter((finding) => finding.subject.id === result.id);
      const expected = result.report === null ? [] : allFindings(result.report);
      expect(own.map(({ id, severity, message }) => ({ id, severity, message }))).toEqual(
        expected.map(({ id, severity, message }) => ({ id, severity, message })),
      );
      expect(own.map((finding) => finding.subject.part)).toEqual(expected.map((finding) => finding.subject));
      for (const finding of own) expect(finding.serverIds).toEqual([result.id]);
    }
    const remote = ofFamily(walk, 'server').filter((finding) => finding.subject.id === itemOf('remote', 'cursor'));
    expect(remote.find((finding) => finding.id === 'no-auth-required')).toMatchObject({
      severity: 'high',
      subject: { server: 'remote', part: { kind: 'oauth', name: at.remoteUrl } },
    });
  });

  it('has each session finding with the servers it names and their batch items (twins told apart)', () => {
    const session = ofFamily(walk, 'session');
    expect(session.map(({ id, message }) => ({ id, message }))).toEqual(
      view.findings.map(({ id, message }) => ({ id, message })),
    );
    for (const finding of session) {
      expect(finding.serverIds).toEqual(finding.subject.servers.map((name) => view.serverIds.get(name)));
      expect(finding.serverIds.length).toBeGreaterThan(0);
    }
    const twinItems = [itemOf('twin', 'claude-code'), itemOf('twin', 'cursor')];
    for (const id of twinItems) expect(session.some((finding) => finding.serverIds.includes(id))).toBe(true);
  });

  it('gives every finding its own catalogue’s definition through one lookup, never above its severity', () => {
    expect(new Set(walk.map((finding) => finding.family))).toEqual(new Set(['configuration', 'server', 'session']));
    for (const finding of walk) {
      expect(finding.definition).toBe(scanFindingDefinition(finding.id));
      expect(finding.definition).toBe(ownCatalogue(finding.id));
      expect(atOrAbove(finding.definition.severity, finding.severity)).toBe(true);
    }
  });

  it('fails the gate on the hosted server’s OAuth finding alone', () => {
    const remote = itemOf('remote', 'cursor');
    const only = scanFindings({
      configFindings: [],
      listings: new Map([[remote, plan.listings.get(remote) ?? []]]),
      results: results.filter((result) => result.id === remote),
      sessionFindings: [],
      serverIds: new Map([['remote', remote]]),
    });
    expect(only.filter((finding) => finding.severity === 'high').map((finding) => finding.id)).toEqual([
      'no-auth-required',
    ]);
    expect(failsScanGate(only, 'high')).toBe(true);
    expect(
      failsScanGate(
        only.filter((finding) => finding.id !== 'no-auth-required'),
        'high',
      ),
    ).toBe(false);
  });
});
