/**
 * SARIF 2.1.0 of a `scan` (the shared builder in print-sarif.ts, one run for the whole batch):
 * every configuration finding, every flag of every audited server and every session finding is a
 * result located in the configuration file at the entry's line (one result per entry when several
 * entries name the same server, so each file gets its alert). A server that could not be audited
 * is a tool execution notification, not a finding. Rules are listed once across servers.
 * Fingerprints name the entry (client, file, server name), the rule and the tool, never a line.
 *
 * Locations: a file inside the repository (the current directory) has its repository-relative
 * path; a file outside it (~/.cursor/mcp.json) gets a stable pseudo-path under
 * `mcp-client-config/` (`~/` for HOME, `root/` otherwise), like audit's `mcp-server/` paths,
 * because GitHub rejects absolute URIs; the artifact's description says where the file really is.
 */
import path from 'node:path';
import type { BatchResult } from '../core/batch-request';
import { CLIENTS, type ClientId } from '../core/config/clients';
import type { ServerListing } from '../core/config/entry';
import { CONFIG_FINDING_DEFINITIONS, type ConfigFinding } from '../core/config/findings';
import { SESSION_FINDING_DEFINITIONS, type SessionFinding } from '../core/session/findings';
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
} from './print-sarif';

/** Pseudo-paths of configuration files outside the repository start with this. */
export const OUTSIDE_REPOSITORY = 'mcp-client-config';
/** At most this many locations per session finding (GitHub shows the first). */
const MAX_LOCATIONS = 20;

function encodeSegments(segments: readonly string[]): string {
  return segments
    .filter((segment) => segment !== '' && segment !== '.')
    .map((segment) => (segment === '..' ? '%2E%2E' : encodeURIComponent(segment)))
    .join('/');
}

/**
 * Where a configuration file goes in SARIF: relative to `root` (the repository) when inside it,
 * else a pseudo-path under mcp-client-config/ with the real place in `description`.
 */
export function configArtifact(file: string, root: string, home: string): { uri: string; description?: string } {
  const absolute = path.resolve(root, file);
  const inside = path.relative(root, absolute);
  if (inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside))
    return { uri: encodeSegments(inside.split(/[\\/]+/)) };
  const fromHome = home === '' ? null : path.relative(home, absolute);
  if (fromHome !== null && fromHome !== '' && !fromHome.startsWith('..') && !path.isAbsolute(fromHome)) {
    const segments = fromHome.split(/[\\/]+/);
    return {
      uri: `${OUTSIDE_REPOSITORY}/~/${encodeSegments(segments)}`,
      description: `Outside the repository: ~/${segments.join('/')}`,
    };
  }
  return {
    uri: `${OUTSIDE_REPOSITORY}/root/${encodeSegments(absolute.split(/[\\/]+/))}`,
    description: `Outside the repository: ${absolute}`,
  };
}

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
      ruleIndex: rules.use(finding.id, () =>
        rule(
          finding.id,
          definition.title,
          definition.meaning,
          definition.doesNotTell,
          definition.reference,
          definition.severity,
          ['configuration'],
        ),
      ),
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
      ruleIndex: rules.use(finding.id, () =>
        rule(
          finding.id,
          definition.title,
          definition.meaning,
          definition.doesNotTell,
          definition.reference,
          definition.severity,
          ['session'],
        ),
      ),
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
