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
import type { BatchResult } from '../batch-request';
import { CLIENTS, type ClientId } from '../config/clients';
import type { ServerListing } from '../config/entry';
import { CONFIG_FINDING_DEFINITIONS, type ConfigFinding } from '../config/findings';
import { SESSION_FINDING_DEFINITIONS, type SessionFinding } from '../session/findings';
import {
  LEVEL,
  SarifRules,
  fingerprint,
  flagResults,
  pathSlug,
  rule,
  sarifLocation,
  sarifLog,
  type SarifLocation,
  type SarifLog,
  type SarifNotification,
  type SarifPlace,
  type SarifResult,
} from './build';
import { configArtifact } from './artifact';
import { jsonText } from '../report-json';

/** At most this many locations per session finding (GitHub shows the first). */
const MAX_LOCATIONS = 20;

export interface ScanSarifInput {
  generator: { name: string; version: string };
  generatedAt: string;
  /** The SARIF artifact of a configuration file (configArtifact, bound to the repository and HOME). */
  artifact: (file: string) => { uri: string; description?: string };
  configFindings: readonly ConfigFinding[];
  /** Each audited server: the configuration entries it stands for and its result. */
  audited: readonly { listings: readonly ServerListing[]; result: BatchResult }[];
  sessionFindings: readonly SessionFinding[];
  /** The entries behind each server name the session findings use. */
  sessionServers: ReadonlyMap<string, readonly ServerListing[]>;
}

function placeOf(input: ScanSarifInput, where: { file: string; line: number }): SarifPlace {
  return { ...input.artifact(where.file), line: where.line };
}

const entryName = (client: ClientId, name: string): string => `${CLIENTS[client].label}/${name}`;

function configResults(input: ScanSarifInput, rules: SarifRules): SarifResult[] {
  const seen = new Map<string, number>();
  return input.configFindings.map((finding): SarifResult => {
    const definition = CONFIG_FINDING_DEFINITIONS[finding.id];
    const place = placeOf(input, finding);
    const key = [finding.id, finding.client, place.uri, finding.server ?? ''].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return {
      ruleId: finding.id,
      ruleIndex: rules.use(finding.id, () => rule(finding.id, definition, ['configuration'])),
      level: LEVEL[finding.severity],
      message: { text: `${finding.server === null ? '' : `${finding.server}: `}${finding.message}` },
      locations: [
        sarifLocation(
          place,
          finding.server === null
            ? undefined
            : { name: finding.server, fullyQualifiedName: entryName(finding.client, finding.server), kind: 'object' },
        ),
      ],
      partialFingerprints: fingerprint(
        'config',
        finding.id,
        finding.client,
        place.uri,
        finding.server ?? '',
        String(occurrence),
      ),
    };
  });
}

function serverResults(input: ScanSarifInput, rules: SarifRules): SarifResult[] {
  return input.audited.flatMap(({ listings, result }) => {
    const report = result.report;
    if (report === null) return [];
    return listings.flatMap((listing) => {
      const place = placeOf(input, listing);
      return flagResults(report, rules, {
        place,
        identity: ['scan', listing.client, place.uri, listing.name],
        server: listing.name,
      });
    });
  });
}

function sessionResults(input: ScanSarifInput, rules: SarifRules): SarifResult[] {
  return input.sessionFindings.map((finding): SarifResult => {
    const definition = SESSION_FINDING_DEFINITIONS[finding.id];
    const locations: SarifLocation[] = [];
    const placed = new Set<string>();
    for (const ref of finding.tools) {
      for (const listing of input.sessionServers.get(ref.server) ?? []) {
        const key = `${listing.id}\u0000${ref.tool}`;
        if (placed.has(key) || locations.length >= MAX_LOCATIONS) continue;
        placed.add(key);
        locations.push(
          sarifLocation(placeOf(input, listing), { name: ref.tool, fullyQualifiedName: `${ref.server}/${ref.tool}` }),
        );
      }
    }
    if (locations.length === 0) locations.push(sarifLocation({ uri: `mcp-session/${pathSlug(finding.id)}`, line: 1 }));
    // The triangle's legs grow with every tool; its identity is the servers that form it.
    const identity =
      finding.id === 'exfiltration-triangle'
        ? [...new Set(finding.tools.map((ref) => ref.server))]
        : finding.tools.map((ref) => `${ref.server}/${ref.tool}`);
    return {
      ruleId: finding.id,
      ruleIndex: rules.use(finding.id, () => rule(finding.id, definition, ['session'])),
      level: LEVEL[finding.severity],
      message: { text: finding.message },
      locations,
      partialFingerprints: fingerprint('session', finding.id, ...identity.sort()),
    };
  });
}

function notifications(input: ScanSarifInput): SarifNotification[] {
  return input.audited.flatMap(({ listings, result }) => {
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
export function scanToSarif(input: ScanSarifInput): SarifLog {
  const rules = new SarifRules();
  const results = [...configResults(input, rules), ...serverResults(input, rules), ...sessionResults(input, rules)];
  const failures = notifications(input);
  return sarifLog(input.generator, `${input.generator.name}/scan/${input.generatedAt}`, rules, results, [
    {
      executionSuccessful: !input.audited.some(({ result }) => result.status === 'cancelled'),
      toolExecutionNotifications: failures,
    },
  ]);
}

/** A finished batch as the CLI and the dashboard both hold it. */
export interface BatchSarifInput {
  generator: { name: string; version: string };
  generatedAt: string;
  /** The repository (absolute) configuration files are relative to; '' for none. */
  root: string;
  /** HOME (absolute), for `mcp-client-config/~/` paths; '' for none. */
  home: string;
  configFindings: readonly ConfigFinding[];
  /** The configuration entries behind each batch item id (lib/core/session/batch-groups.ts). */
  listings: ReadonlyMap<string, readonly ServerListing[]>;
  /** One per batch item, in the batch's order. */
  results: readonly BatchResult[];
  sessionFindings: readonly SessionFinding[];
  /** The batch item id behind each server name the session findings use. */
  serverIds: ReadonlyMap<string, string>;
}

/** The batch as SARIF, its files mapped with configArtifact against `root` and `home`. */
export function batchToSarif(input: BatchSarifInput): SarifLog {
  return scanToSarif({
    generator: input.generator,
    generatedAt: input.generatedAt,
    artifact: (file) => configArtifact(file, input.root, input.home),
    configFindings: input.configFindings,
    audited: input.results.map((result) => ({ listings: input.listings.get(result.id) ?? [], result })),
    sessionFindings: input.sessionFindings,
    sessionServers: new Map([...input.serverIds].map(([name, id]) => [name, input.listings.get(id) ?? []] as const)),
  });
}

/** The file text of a SARIF log, as every command and the dashboard write it. */
export const sarifText = (log: SarifLog): string => jsonText(log);
