/**
 * SARIF 2.1.0 for GitHub code scanning (OASIS SARIF 2.1.0; GitHub's supported subset): one run,
 * rules with short and full descriptions, help and `properties.security-severity`, results with a
 * repository-relative location (the contract file for `verify`, else a stable pseudo-path per
 * tool: GitHub rejects absolute URIs), `partialFingerprints` so an alert keeps its identity across
 * runs, and `automationDetails.id` ("category/run").
 */
import { CHANGE_DEFINITIONS, failsGate, type Change, type FailOn } from '../core/contract/changes';
import type { Drift } from '../core/contract/drift';
import { sha256Hex } from '../core/contract/sha256';
import { FLAG_DEFINITIONS, type FlagId, type Severity } from '../core/flags';
import { serverIdentity } from '../core/history/entry';
import type { Report } from '../core/report';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

type Level = 'error' | 'warning' | 'note';

/** GitHub's scale: 9+ critical, 7+ high, 4+ medium, below that low. */
const SECURITY_SEVERITY: Record<Severity, string> = { high: '8.0', medium: '5.5', low: '3.0', info: '1.0' };
const LEVEL: Record<Severity, Level> = { high: 'error', medium: 'warning', low: 'note', info: 'note' };

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: Level };
  properties: { 'security-severity': string; tags: string[]; precision: string };
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: {
    physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
    logicalLocations?: { name: string; kind: string; fullyQualifiedName: string }[];
  }[];
  partialFingerprints: Record<string, string>;
  properties?: Record<string, unknown>;
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: { name: string; version: string; semanticVersion: string; rules: SarifRule[] } };
    automationDetails: { id: string };
    results: SarifResult[];
  }[];
}

/** A path segment from any text: letters, digits, `._-`, at most 80 characters. */
export function pathSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return slug === '' ? 'unnamed' : slug;
}

/** The server's stable key: its name when it has one, else a short hash of its command line or URL. */
function serverKey(report: Report): string {
  return report.server?.name ?? `server-${sha256Hex(serverIdentity(report.target)).slice(0, 12)}`;
}

function pascal(text: string): string {
  return text.replace(/(^|[-_ ])(\w)/g, (_m, _sep: string, ch: string) => ch.toUpperCase());
}

function rule(
  id: string,
  title: string,
  meaning: string,
  doesNotTell: string,
  reference: string,
  severity: Severity,
  tags: string[],
): SarifRule {
  return {
    id,
    name: pascal(id),
    shortDescription: { text: title },
    fullDescription: { text: meaning },
    help: {
      text: `${meaning}\nWhat it does not tell you: ${doesNotTell}\nReference: ${reference}`,
      markdown: `${meaning}\n\n**What it does not tell you:** ${doesNotTell}\n\nReference: ${reference}`,
    },
    defaultConfiguration: { level: LEVEL[severity] },
    properties: {
      'security-severity': SECURITY_SEVERITY[severity],
      tags: ['security', 'mcp', ...tags],
      precision: 'high',
    },
  };
}

function log(report: Report, category: string, rules: SarifRule[], results: SarifResult[]): SarifLog {
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.generator.name,
            version: report.generator.version,
            semanticVersion: report.generator.version,
            rules,
          },
        },
        automationDetails: {
          id: `${report.generator.name}/${category}/${pathSlug(serverKey(report))}/${report.generatedAt}`,
        },
        results,
      },
    ],
  };
}

const fingerprint = (...parts: string[]): Record<string, string> => ({
  'mcpHintcheck/v1': sha256Hex(parts.join('\u0000')).slice(0, 32),
});

/** An audit's flags as SARIF: one rule per flag id that occurs, one result per flag of each tool. */
export function auditToSarif(report: Report): SarifLog {
  const ids = [...new Set(report.tools.flatMap((tool) => tool.flags.map((flag) => flag.id)))];
  const index = new Map<FlagId, number>(ids.map((id, i) => [id, i]));
  const rules = ids.map((id) => {
    const definition = FLAG_DEFINITIONS[id];
    return rule(
      id,
      definition.title,
      definition.meaning,
      definition.doesNotTell,
      definition.reference,
      definition.severity,
      ['annotations'],
    );
  });
  const server = serverKey(report);
  // Two tools may share a name (a finding of its own): the n-th of a name keeps its own fingerprint.
  const seen = new Map<string, number>();
  const results = report.tools.flatMap((tool) => {
    const occurrence = seen.get(tool.name) ?? 0;
    seen.set(tool.name, occurrence + 1);
    return tool.flags.map((flag): SarifResult => ({
      ruleId: flag.id,
      ruleIndex: index.get(flag.id) ?? 0,
      level: LEVEL[flag.severity],
      message: { text: `${tool.name}: ${flag.message}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: `mcp-server/${pathSlug(server)}/tools/${pathSlug(tool.name)}` },
            region: { startLine: 1 },
          },
          logicalLocations: [{ name: tool.name, kind: 'function', fullyQualifiedName: `${server}/${tool.name}` }],
        },
      ],
      partialFingerprints: fingerprint(flag.id, server, tool.name, String(occurrence)),
    }));
  });
  return log(report, 'audit', rules, results);
}

/** The 1-based line of a tool's entry in the contract file's text, else 1. */
export function lineOfTool(contractText: string, tool: string | null): number {
  if (tool === null) return 1;
  const needle = `"name": ${JSON.stringify(tool)}`;
  const at = contractText.indexOf(needle);
  return at === -1 ? 1 : contractText.slice(0, at).split('\n').length;
}

function changeLevel(change: Change, failOn: FailOn): Level {
  if (failsGate(change, failOn)) return 'error';
  return change.direction === 'narrowing' ? 'note' : 'warning';
}

/**
 * A drift as SARIF: one rule per change kind that occurs, one result per change, located in the
 * contract file (`contractUri`, repository-relative) at the tool's line when it is listed there.
 */
export function driftToSarif(
  drift: Drift,
  report: Report,
  contract: { uri: string; text: string },
  failOn: FailOn,
): SarifLog {
  const kinds = [...new Set(drift.changes.map((change) => change.kind))];
  const index = new Map(kinds.map((kind, i) => [kind, i]));
  const rules = kinds.map((kind) => {
    const definition = CHANGE_DEFINITIONS[kind];
    return rule(
      kind,
      definition.title,
      definition.meaning,
      definition.doesNotTell,
      definition.reference,
      definition.severity,
      ['drift'],
    );
  });
  const server = serverKey(report);
  const results = drift.changes.map((change): SarifResult => ({
    ruleId: change.kind,
    ruleIndex: index.get(change.kind) ?? 0,
    level: changeLevel(change, failOn),
    message: { text: `${change.direction}: ${change.message}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: contract.uri },
          region: { startLine: lineOfTool(contract.text, change.tool) },
        },
        ...(change.tool === null
          ? {}
          : {
              logicalLocations: [
                { name: change.tool, kind: 'function', fullyQualifiedName: `${server}/${change.tool}` },
              ],
            }),
      },
    ],
    partialFingerprints: fingerprint(change.kind, server, change.tool ?? change.item?.id ?? '', change.subject ?? ''),
    properties: { direction: change.direction },
  }));
  return log(report, 'verify', rules, results);
}
