/**
 * SARIF 2.1.0 for GitHub code scanning (OASIS SARIF 2.1.0; GitHub's supported subset): one run,
 * rules with short and full descriptions, help and `properties.security-severity`, results with a
 * repository-relative location (the contract file for `verify`, the configuration entry for
 * `scan` (scan.ts), else a stable pseudo-path per tool: GitHub rejects absolute URIs),
 * `partialFingerprints` so an alert keeps its identity across runs, and `automationDetails.id`
 * ("category/run"). The building blocks (rules, results of a Report's flags, the log) are shared
 * by every command, so audit, verify and scan write one SARIF shape.
 */
import {
  CHANGE_DEFINITIONS,
  DIRECTION_LABELS,
  failsGate,
  type Change,
  type FailOn,
  type ItemType,
} from '../contract/changes';
import type { Drift } from '../contract/drift';
import { textDiffLines } from '../word-diff';
import { sha256Hex } from '../contract/sha256';
import type { FindingDefinition } from '../finding';
import type { Severity } from '../severity';
import { serverIdentity } from '../history/entry';
import type { Report } from '../report/report';
import type { Location, Log, ReportingDescriptor, Result } from 'sarif';
import {
  allFindings,
  findingDefinition,
  type ReportFinding,
  type ReportFindingId,
  type SubjectKind,
} from '../report/findings';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/** GitHub's scale: 9+ critical, 7+ high, 4+ medium, below that low. */
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '1.0',
};
export const LEVEL: Record<Severity, Result.level> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

/** A file and line (1-based); `description` says where a non-repository file really is. */
export interface SarifPlace {
  uri: string;
  line: number;
  description?: string;
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

/** What a rule is made of: every catalogue (flags, configuration, session, drift) defines these. */
export type RuleDefinition = Omit<FindingDefinition, 'id'>;

export function rule(id: string, definition: RuleDefinition, tags: string[]): ReportingDescriptor {
  const { title, meaning, doesNotTell, reference, severity } = definition;
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

/** A file location, with the tool (or the entry) it is about as a logical location. */
export function sarifLocation(
  place: SarifPlace,
  logical?: { name: string; fullyQualifiedName: string; kind?: 'function' | 'object' },
): Location {
  return {
    physicalLocation: {
      artifactLocation: {
        uri: place.uri,
        ...(place.description === undefined ? {} : { description: { text: place.description } }),
      },
      region: { startLine: Math.max(1, Math.floor(place.line)) },
    },
    ...(logical === undefined
      ? {}
      : {
          logicalLocations: [
            { name: logical.name, kind: logical.kind ?? 'function', fullyQualifiedName: logical.fullyQualifiedName },
          ],
        }),
  };
}

/** Rules in order of first use, each once however many results and servers refer to it. */
export class SarifRules {
  readonly rules: ReportingDescriptor[] = [];
  private readonly index = new Map<string, number>();

  /** The rule's index, adding it (built by `make`) the first time `id` is seen. */
  use(id: string, make: () => ReportingDescriptor): number {
    let at = this.index.get(id);
    if (at === undefined) {
      at = this.rules.length;
      this.rules.push(make());
      this.index.set(id, at);
    }
    return at;
  }

  /** A finding's rule (a tool or surface flag, or an OAuth finding), from its catalogue. */
  finding(id: ReportFindingId, kind: SubjectKind = 'tools'): number {
    return this.use(id, () => rule(id, findingDefinition(id), [kind === 'oauth' ? 'oauth' : 'annotations']));
  }
}

/** The whole log: one run of `generator` under the automation id "generator/category/...rest". */
export function sarifLog(
  generator: { name: string; version: string },
  automationId: string,
  rules: SarifRules | ReportingDescriptor[],
  results: Result[],
  invocations?: NonNullable<Log['runs'][number]['invocations']>,
): Log {
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: generator.name,
            version: generator.version,
            semanticVersion: generator.version,
            rules: Array.isArray(rules) ? rules : rules.rules,
          },
        },
        automationDetails: { id: automationId },
        results,
        ...(invocations === undefined ? {} : { invocations }),
      },
    ],
  };
}

function log(report: Report, category: string, rules: ReportingDescriptor[], results: Result[]): Log {
  return sarifLog(
    report.generator,
    `${report.generator.name}/${category}/${pathSlug(serverKey(report))}/${report.generatedAt}`,
    rules,
    results,
  );
}

/** The stable identity of a result: a hash of the parts that name it (never a line number). */
export const fingerprint = (...parts: string[]): Record<string, string> => ({
  'mcpHintcheck/v1': sha256Hex(parts.join('\u0000')).slice(0, 32),
});

const LABEL: Record<SubjectKind, string> = {
  tools: '',
  prompts: 'prompt ',
  resources: 'resource ',
  'resource-templates': 'resource template ',
  instructions: '',
  server: 'server, ',
  oauth: 'OAuth, ',
  declared: '',
};

/** Where a report's results go and what names them (scan: the server's configuration entry). */
export interface FindingPlacement {
  place?: SarifPlace;
  identity?: readonly string[];
  server?: string;
}

/**
 * The result of one finding of a report (report/findings.ts: a tool's flag, a prompt's,
 * resource's or template's, the instructions', a server-wide or an OAuth finding). `place` puts it
 * in a file (scan: the server's configuration entry); without it, it has its pseudo-path
 * (`mcp-server/<server>/<kind>/<name>`). `identity` prefixes the fingerprint parts (scan: the
 * entry), so the same flag of two entries stays two alerts; `server` names the server in messages
 * and logical locations (scan: the entry's name); `key` is the server's stable key otherwise.
 */
export function findingResult(
  finding: ReportFinding,
  rules: SarifRules,
  key: string,
  options: FindingPlacement = {},
): Result {
  const server = options.server ?? key;
  const { subject: part } = finding;
  const place = options.place ?? {
    uri: `mcp-server/${pathSlug(server)}/${part.kind}${part.kind === 'instructions' || part.kind === 'oauth' ? '' : `/${pathSlug(part.name)}`}`,
    line: 1,
  };
  // Tools keep the fingerprint parts audit has always used, so existing alerts keep their identity.
  const subject = part.kind === 'tools' ? [part.name] : [part.kind, part.name];
  return {
    ruleId: finding.id,
    ruleIndex: rules.finding(finding.id, part.kind),
    level: LEVEL[finding.severity],
    message: {
      text: `${options.server === undefined ? '' : `${options.server} › `}${LABEL[part.kind]}${part.name}: ${finding.message}`,
    },
    locations: [
      sarifLocation(place, {
        name: part.name,
        fullyQualifiedName: part.kind === 'tools' ? `${server}/${part.name}` : `${server}/${part.kind}/${part.name}`,
        kind: part.kind === 'tools' ? 'function' : 'object',
      }),
    ],
    partialFingerprints: fingerprint(
      ...(options.identity ?? []),
      finding.id,
      server,
      ...subject,
      String(finding.occurrence),
    ),
  };
}

/** An audit's findings as SARIF: one rule per finding id that occurs, one result per finding (tools, surface, OAuth). */
export function auditToSarif(report: Report): Log {
  const rules = new SarifRules();
  const key = serverKey(report);
  const results = allFindings(report).map((finding) => findingResult(finding, rules, key));
  return log(report, 'audit', rules.rules, results);
}

/** Where each kind of item is listed in a contract file, and the key that names it there. */
const ITEM_PLACES: Record<ItemType, { section: string; key: string }> = {
  prompt: { section: '"prompts"', key: '"name"' },
  resource: { section: '"resources"', key: '"uri"' },
  resourceTemplate: { section: '"resourceTemplates"', key: '"uriTemplate"' },
};

/** The 1-based line of a changed tool's, prompt's or resource's entry in the contract file's text, else 1. */
export function lineOfChange(contractText: string, change: Pick<Change, 'tool' | 'item'>): number {
  let from = 0;
  let needle: string;
  if (change.tool !== null) needle = `"name": ${JSON.stringify(change.tool)}`;
  else if (change.item !== undefined) {
    const place = ITEM_PLACES[change.item.type];
    from = Math.max(0, contractText.indexOf(`${place.section}:`));
    needle = `${place.key}: ${JSON.stringify(change.item.id)}`;
  } else return 1;
  const at = contractText.indexOf(needle, from);
  return at === -1 ? 1 : contractText.slice(0, at).split('\n').length;
}

function changeLevel(change: Change, failOn: FailOn): Result.level {
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
): Log {
  const kinds = [...new Set(drift.changes.map((change) => change.kind))];
  const index = new Map(kinds.map((kind, i) => [kind, i]));
  const rules = kinds.map((kind) => {
    const definition = CHANGE_DEFINITIONS[kind];
    return rule(kind, definition, ['drift']);
  });
  const server = serverKey(report);
  const results = drift.changes.map((change): Result => ({
    ruleId: change.kind,
    ruleIndex: index.get(change.kind) ?? 0,
    level: changeLevel(change, failOn),
    message: {
      text: [`${DIRECTION_LABELS[change.direction]}: ${change.message}`, ...textDiffLines(change.texts)].join('\n'),
    },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: contract.uri },
          region: { startLine: lineOfChange(contract.text, change) },
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
    properties: {
      direction: change.direction,
      ...(change.texts === undefined
        ? {}
        : { texts: change.texts.map(({ field, before, after, findings }) => ({ field, before, after, findings })) }),
    },
  }));
  return log(report, 'verify', rules, results);
}
