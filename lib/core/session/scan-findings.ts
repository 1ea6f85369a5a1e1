/**
 * Every finding of a scan, walked once: each configuration finding at its entry (client, file,
 * line, server), each audited server's report findings (report/findings.ts: tools, other items,
 * server-wide, OAuth) and each session finding with the servers it names. Each item has its id,
 * severity, message, definition (one lookup for every family: scanFindingDefinition) and the
 * batch items it is about. The scan's --fail-on gate, SARIF, Markdown, text and the overview CSV
 * read this walk, so a finding raised anywhere in a scan reaches all of them.
 */
import type { BatchResult } from '../api/batch-request';
import type { ClientId } from '../config/clients';
import { CONFIG_FINDING_DEFINITIONS, type ConfigFinding, type ConfigFindingId } from '../config/findings';
import type { Finding, FindingDefinition } from '../finding';
import { FLAG_DEFINITIONS } from '../flags/catalogue';
import { OAUTH_FINDING_DEFINITIONS } from '../oauth/definitions';
import { DECLARED_FINDING_DEFINITIONS } from '../declared/definitions';
import { allFindings, severityCounts, type FindingSubject, type ReportFindingId } from '../report/findings';
import { SESSION_FINDING_DEFINITIONS, type SessionFinding, type SessionFindingId, type ToolRef } from './findings';

export type ScanFindingId = ConfigFindingId | ReportFindingId | SessionFindingId;

/** What a finding is about: a configuration entry or file, one audited server, or servers together. */
export const SCAN_FINDING_FAMILIES = ['configuration', 'server', 'session'] as const;
export type ScanFindingFamily = (typeof SCAN_FINDING_FAMILIES)[number];

/** Every catalogue a scan can raise from, by id (ids are unique across them: sarif/scan.test.ts). */
const SCAN_FINDING_DEFINITIONS: Readonly<Record<ScanFindingId, FindingDefinition>> = {
  ...FLAG_DEFINITIONS,
  ...OAUTH_FINDING_DEFINITIONS,
  ...DECLARED_FINDING_DEFINITIONS,
  ...CONFIG_FINDING_DEFINITIONS,
  ...SESSION_FINDING_DEFINITIONS,
};

/** The catalogue entry of any finding a scan can carry, whatever its family. */
export function scanFindingDefinition(id: ScanFindingId): FindingDefinition {
  return SCAN_FINDING_DEFINITIONS[id];
}

interface Item<Family extends ScanFindingFamily, Id extends ScanFindingId, Subject> extends Finding<Id> {
  family: Family;
  definition: FindingDefinition;
  subject: Subject;
  /** The batch items (audited servers) it is about: its entry's, its own, or those it names. */
  serverIds: readonly string[];
}

export type ConfigScanFinding = Item<
  'configuration',
  ConfigFindingId,
  { client: ClientId; file: string; line: number; server: string | null; entryId: string | null }
>;
/**
 * `id` is the batch item, `server` its name in the session (told apart by client, file and line
 * when two share one), `part` and `occurrence` what the finding is about in its report.
 */
export type ServerScanFinding = Item<
  'server',
  ReportFindingId,
  { id: string; server: string; part: FindingSubject; occurrence: number }
>;
/** `servers`: the names of the servers it names, in the order its tools give them. */
export type SessionScanFinding = Item<
  'session',
  SessionFindingId,
  { servers: readonly string[]; tools: readonly ToolRef[] }
>;
export type ScanFinding = ConfigScanFinding | ServerScanFinding | SessionScanFinding;

/** A batch as the CLI and the dashboard both hold it (what the walk reads). */
export interface ScanFindingsInput {
  configFindings: readonly ConfigFinding[];
  /** The configuration entries behind each batch item id (lib/core/session/batch-groups.ts). */
  listings: ReadonlyMap<string, readonly { id: string; name: string }[]>;
  /** One per batch item, in the batch's order. */
  results: readonly Pick<BatchResult, 'id' | 'report'>[];
  sessionFindings: readonly SessionFinding[];
  /** The batch item id behind each server name the session findings use. */
  serverIds: ReadonlyMap<string, string>;
}

function configItem(finding: ConfigFinding, itemsOfEntry: ReadonlyMap<string, string[]>): ConfigScanFinding {
  const { id, severity, message, client, file, line, server, entryId } = finding;
  return {
    family: 'configuration',
    id,
    severity,
    message,
    definition: scanFindingDefinition(id),
    subject: { client, file, line, server, entryId },
    serverIds: entryId === null ? [] : (itemsOfEntry.get(entryId) ?? []),
  };
}

function serverItems(id: string, server: string, result: Pick<BatchResult, 'report'>): ServerScanFinding[] {
  if (result.report === null) return [];
  return allFindings(result.report).map((finding) => ({
    family: 'server',
    id: finding.id,
    severity: finding.severity,
    message: finding.message,
    definition: scanFindingDefinition(finding.id),
    subject: { id, server, part: finding.subject, occurrence: finding.occurrence },
    serverIds: [id],
  }));
}

function sessionItem(finding: SessionFinding, serverIds: ReadonlyMap<string, string>): SessionScanFinding {
  const servers = finding.servers ?? [...new Set(finding.tools.map((tool) => tool.server))];
  return {
    family: 'session',
    id: finding.id,
    severity: finding.severity,
    message: finding.message,
    definition: scanFindingDefinition(finding.id),
    subject: { servers, tools: finding.tools },
    serverIds: servers.flatMap((name) => {
      const id = serverIds.get(name);
      return id === undefined ? [] : [id];
    }),
  };
}

/** Every finding of a scan: configuration, then each audited server's in the batch's order, then session. */
export function scanFindings(input: ScanFindingsInput): ScanFinding[] {
  const itemsOfEntry = new Map<string, string[]>();
  for (const [id, listings] of input.listings)
    for (const listing of listings) itemsOfEntry.set(listing.id, [...(itemsOfEntry.get(listing.id) ?? []), id]);
  const nameOf = new Map([...input.serverIds].map(([name, id]) => [id, name] as const));
  const serverName = (id: string): string => nameOf.get(id) ?? input.listings.get(id)?.[0]?.name ?? id;
  return [
    ...input.configFindings.map((finding) => configItem(finding, itemsOfEntry)),
    ...input.results.flatMap((result) => serverItems(result.id, serverName(result.id), result)),
    ...input.sessionFindings.map((finding) => sessionItem(finding, input.serverIds)),
  ];
}

/** The findings of one family, typed as such. */
export function ofFamily<Family extends ScanFindingFamily>(
  findings: readonly ScanFinding[],
  family: Family,
): Extract<ScanFinding, { family: Family }>[] {
  return findings.filter((finding): finding is Extract<ScanFinding, { family: Family }> => finding.family === family);
}

/** "2 high, 1 medium", most severe first; "none" without findings. */
export function severityCountsText(findings: readonly Pick<Finding, 'severity'>[]): string {
  const counts = severityCounts(findings);
  return counts.length === 0 ? 'none' : counts.map(([severity, count]) => `${count} ${severity}`).join(', ');
}

const FAMILY_WORDS: Record<ScanFindingFamily, string> = {
  configuration: 'configuration',
  server: "in the audited servers' reports",
  session: 'session',
};

/**
 * The count of every finding of a scan, what --fail-on judges: "2 high, 3 medium (1 configuration,
 * 3 in the audited servers' reports, 1 session)", or "none". Numbers and fixed words only: safe in any output.
 */
export function scanCountsText(findings: readonly ScanFinding[]): string {
  const families = SCAN_FINDING_FAMILIES.map((family) => [family, ofFamily(findings, family).length] as const)
    .filter(([, count]) => count > 0)
    .map(([family, count]) => `${count} ${FAMILY_WORDS[family]}`);
  return `${severityCountsText(findings)}${families.length === 0 ? '' : ` (${families.join(', ')})`}`;
}
