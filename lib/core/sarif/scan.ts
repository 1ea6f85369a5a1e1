/**
 * SARIF 2.1.0 of a batch of configured servers (the CLI's `scan --format sarif` and the dashboard's
 * "Your servers" export; the shared builder in build.ts, one run for the whole batch):
 * every configuration finding, every flag of every audited server and every session finding is a
 * result located in the configuration file at the entry's line (one result per entry when several
 * entries name the same server, so each file gets its alert). A server that could not be audited
 * is a tool execution notification, not a finding. Rules are listed once across servers.
 * Fingerprints name the entry (client, file, server name), the rule and the tool, never a line.
 *
 * Locations (artifact.ts): a file inside the repository has its repository-relative path; a file
 * outside it (~/.cursor/mcp.json) gets a stable pseudo-path under `mcp-client-config/`, like
 * audit's `mcp-server/` paths, because GitHub rejects absolute URIs.
 */
import type { BatchResult } from '../api/batch-request';
import { CLIENTS, type ClientId } from '../config/clients';
import type { ServerListing } from '../config/entry';
import {
  ofFamily,
  scanFindings,
  type ConfigScanFinding,
  type ScanFindingsInput,
  type ServerScanFinding,
  type SessionScanFinding,
} from '../session/scan-findings';
import {
  LEVEL,
  SarifRules,
  findingResult,
  fingerprint,
  pathSlug,
  rule,
  sarifLocation,
  sarifLog,
  type SarifPlace,
} from './build';
import type { Location, Log, Notification, Result } from 'sarif';
import { configArtifact } from '../artifact-uri';
import { jsonText } from '../report/json';

/** At most this many locations per session finding (GitHub shows the first). */
const MAX_LOCATIONS = 20;

/** The batch (what the walk of every finding reads, lib/core/session/scan-findings.ts) and where its files are. */
export interface ScanSarifInput extends ScanFindingsInput {
  generator: { name: string; version: string };
  generatedAt: string;
  /** The SARIF artifact of a configuration file (configArtifact, bound to the repository and HOME). */
  artifact: (file: string) => { uri: string; description?: string };
  /** The configuration entries behind each batch item id. */
  listings: ReadonlyMap<string, readonly ServerListing[]>;
  /** One per batch item, in the batch's order. */
  results: readonly BatchResult[];
}

function placeOf(input: ScanSarifInput, where: { file: string; line: number }): SarifPlace {
  return { ...input.artifact(where.file), line: where.line };
}

const entryName = (client: ClientId, name: string): string => `${CLIENTS[client].label}/${name}`;

function configResults(input: ScanSarifInput, findings: readonly ConfigScanFinding[], rules: SarifRules) {
  const seen = new Map<string, number>();
  return findings.map(({ id, severity, message, definition, subject }): Result => {
    const place = placeOf(input, subject);
    const key = [id, subject.client, place.uri, subject.server ?? ''].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return {
      ruleId: id,
      ruleIndex: rules.use(id, () => rule(id, definition, ['configuration'])),
      level: LEVEL[severity],
      message: { text: `${subject.server === null ? '' : `${subject.server}: `}${message}` },
      locations: [
        sarifLocation(
          place,
          subject.server === null
            ? undefined
            : { name: subject.server, fullyQualifiedName: entryName(subject.client, subject.server), kind: 'object' },
        ),
      ],
      partialFingerprints: fingerprint(
        'config',
        id,
        subject.client,
        place.uri,
        subject.server ?? '',
        String(occurrence),
      ),
    };
  });
}

/** Each audited server's findings at each of its entries (one result per entry), server by server. */
function serverResults(input: ScanSarifInput, findings: readonly ServerScanFinding[], rules: SarifRules) {
  const byServer = new Map<string, ServerScanFinding[]>();
  for (const finding of findings)
    byServer.set(finding.subject.id, [...(byServer.get(finding.subject.id) ?? []), finding]);
  return [...byServer].flatMap(([id, own]) =>
    (input.listings.get(id) ?? []).flatMap((listing) => {
      const place = placeOf(input, listing);
      const options = { place, identity: ['scan', listing.client, place.uri, listing.name], server: listing.name };
      return own.map(({ id: findingId, severity, message, subject }) =>
        findingResult(
          { id: findingId, severity, message, subject: subject.part, occurrence: subject.occurrence },
          rules,
          listing.name,
          options,
        ),
      );
    }),
  );
}

function sessionResults(input: ScanSarifInput, findings: readonly SessionScanFinding[], rules: SarifRules) {
  return findings.map(({ id, severity, message, definition, subject }): Result => {
    const locations: Location[] = [];
    const placed = new Set<string>();
    for (const ref of subject.tools) {
      const serverId = input.serverIds.get(ref.server);
      for (const listing of serverId === undefined ? [] : (input.listings.get(serverId) ?? [])) {
        const key = `${listing.id}\u0000${ref.tool}`;
        if (placed.has(key) || locations.length >= MAX_LOCATIONS) continue;
        placed.add(key);
        locations.push(
          sarifLocation(placeOf(input, listing), { name: ref.tool, fullyQualifiedName: `${ref.server}/${ref.tool}` }),
        );
      }
    }
    if (locations.length === 0) locations.push(sarifLocation({ uri: `mcp-session/${pathSlug(id)}`, line: 1 }));
    // The triangle's legs grow with every tool; its identity is the servers that form it.
    const identity =
      id === 'exfiltration-triangle' ? [...subject.servers] : subject.tools.map((ref) => `${ref.server}/${ref.tool}`);
    return {
      ruleId: id,
      ruleIndex: rules.use(id, () => rule(id, definition, ['session'])),
      level: LEVEL[severity],
      message: { text: message },
      locations,
      partialFingerprints: fingerprint('session', id, ...identity.sort()),
    };
  });
}

function notifications(input: ScanSarifInput): Notification[] {
  return input.results.flatMap((result) => {
    const listings = input.listings.get(result.id) ?? [];
    if (result.status === 'ok') return [];
    const error = result.error ?? { code: result.status, message: `The audit ended: ${result.status}.` };
    return [
      {
        level: result.status === 'cancelled' ? 'warning' : 'error',
        message: { text: `${listings[0]?.name ?? result.id}: ${error.message}` },
        descriptor: { id: error.code },
        locations: listings.map((listing) => sarifLocation(placeOf(input, listing))),
      },
    ];
  });
}

/**
 * The whole scan as one SARIF run: configuration, server and session findings. A server that
 * could not be audited is an error-level notification (SARIF Appendix I: the results may be
 * incomplete); the execution counts as failed only when the scan was cancelled.
 */
export function scanToSarif(input: ScanSarifInput): Log {
  const rules = new SarifRules();
  const findings = scanFindings(input);
  const results = [
    ...configResults(input, ofFamily(findings, 'configuration'), rules),
    ...serverResults(input, ofFamily(findings, 'server'), rules),
    ...sessionResults(input, ofFamily(findings, 'session'), rules),
  ];
  const failures = notifications(input);
  return sarifLog(input.generator, `${input.generator.name}/scan/${input.generatedAt}`, rules, results, [
    {
      executionSuccessful: !input.results.some((result) => result.status === 'cancelled'),
      toolExecutionNotifications: failures,
    },
  ]);
}

/** A finished batch as the CLI and the dashboard both hold it, and where its files are. */
export interface BatchSarifInput extends Omit<ScanSarifInput, 'artifact'> {
  /** The repository (absolute) configuration files are relative to; '' for none. */
  root: string;
  /** HOME (absolute), for `mcp-client-config/~/` paths; '' for none. */
  home: string;
}

/** The batch as SARIF, its files mapped with configArtifact against `root` and `home`. */
export function batchToSarif({ root, home, ...batch }: BatchSarifInput): Log {
  return scanToSarif({ ...batch, artifact: (file) => configArtifact(file, root, home) });
}

/** The file text of a SARIF log, as every command and the dashboard write it. */
export const sarifText = (log: Log): string => jsonText(log);
