/**
 * Every finding of one audit, walked once: each tool's flags, then each prompt's, resource's and
 * template's, the instructions', the server-wide findings and the OAuth check's findings, each
 * with what it is about. The --fail-on gate, SARIF, JUnit, Markdown and the summary line read this
 * walk, so a finding raised anywhere in a Report reaches all of them.
 */
import type { Finding, FindingDefinition } from '../finding';
import { FLAG_DEFINITIONS, FLAG_IDS, type FlagId } from '../flags/catalogue';
import { OAUTH_FINDING_DEFINITIONS } from '../oauth/definitions';
import { DECLARED_FINDING_DEFINITIONS, isDeclaredFindingId, type DeclaredFindingId } from '../declared/definitions';
import type { DeclaredSection } from '../declared/section';
import type { FindingId as OAuthFindingId } from '../oauth/findings';
import type { OAuthReport } from '../oauth/schemas';
import type { Surface } from './surface-report';
import type { AppsSection } from './apps-report';
import type { ToolReport } from './tool-report';
import { severityRank, type Severity } from '../severity';

/** What a finding is about; the kind doubles as SARIF's pseudo-path folder. */
export const SUBJECT_KINDS = [
  'tools',
  'prompts',
  'resources',
  'resource-templates',
  'instructions',
  'server',
  'oauth',
  // What the server says about itself elsewhere (server.json, card, skills, tools/resolve): lib/core/declared/.
  'declared',
] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export interface FindingSubject {
  kind: SubjectKind;
  /** The tool's or prompt's name, the resource's URI, "instructions", the server finding's subject, the OAuth URL. */
  name: string;
}

export type ReportFindingId = FlagId | OAuthFindingId | DeclaredFindingId;

/** One subject with every finding raised on it (empty for a tool without flags). */
export interface SubjectFindings {
  subject: FindingSubject;
  findings: readonly Finding<ReportFindingId>[];
}

export interface ReportFinding extends Finding<ReportFindingId> {
  subject: FindingSubject;
  /** How many subjects of this kind and name come before its own in the report (two tools may share a name). */
  occurrence: number;
}

/** The parts of a Report that carry findings (a Report is one). */
export interface FindingsSource {
  tools: readonly Pick<ToolReport, 'name' | 'flags'>[];
  surface?: Surface;
  oauth?: OAuthReport | null;
  declared?: DeclaredSection;
  apps?: AppsSection;
}

/** Every subject of a report in walk order: tools (all of them), then the surface, then OAuth. */
export function findingsBySubject(report: FindingsSource): SubjectFindings[] {
  const parts: SubjectFindings[] = report.tools.map((tool) => ({
    subject: { kind: 'tools', name: tool.name },
    findings: tool.flags,
  }));
  const surface = report.surface;
  if (surface !== undefined) {
    parts.push(
      ...surface.prompts.map((item) => ({
        subject: { kind: 'prompts' as const, name: item.name },
        findings: item.flags,
      })),
      ...surface.resources.map((item) => ({
        subject: { kind: 'resources' as const, name: item.uri },
        findings: item.flags,
      })),
      ...surface.resourceTemplates.map((item) => ({
        subject: { kind: 'resource-templates' as const, name: item.uriTemplate },
        findings: item.flags,
      })),
      ...(surface.instructions === null
        ? []
        : [{ subject: { kind: 'instructions' as const, name: 'instructions' }, findings: surface.instructions.flags }]),
      ...surface.findings.map((finding) => ({
        subject: { kind: 'server' as const, name: finding.subject },
        findings: [{ id: finding.id, severity: finding.severity, message: finding.message }],
      })),
    );
  }
  // MCP Apps (apps-report.ts): each UI resource's findings, about its URI.
  for (const resource of report.apps?.resources ?? [])
    parts.push({ subject: { kind: 'resources', name: resource.uri }, findings: resource.flags });
  const oauth = report.oauth ?? null;
  if (oauth !== null && oauth.findings.length > 0) {
    parts.push({
      subject: { kind: 'oauth', name: oauth.url },
      findings: oauth.findings.map(({ id, severity, message }) => ({ id, severity, message })),
    });
  }
  // lib/core/declared/: one subject per declaration, skill or tool the finding is about.
  for (const { id, severity, message, subject } of report.declared?.findings ?? [])
    parts.push({ subject: { kind: 'declared', name: subject }, findings: [{ id, severity, message }] });
  return parts;
}

/** Every finding of a report, flat, in walk order. */
export function allFindings(report: FindingsSource): ReportFinding[] {
  const seen = new Map<string, number>();
  return findingsBySubject(report).flatMap(({ subject, findings }) => {
    const key = `${subject.kind}\u0000${subject.name}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return findings.map(({ id, severity, message }) => ({ id, severity, message, subject, occurrence }));
  });
}

/** Whether a finding is a tool or surface flag (else an OAuth or a declared finding). */
export const isFlagId = (id: ReportFindingId): id is FlagId => (FLAG_IDS as readonly string[]).includes(id);

/** The catalogue entry of any finding a report can carry. */
export function findingDefinition(id: ReportFindingId): FindingDefinition {
  if (isDeclaredFindingId(id)) return DECLARED_FINDING_DEFINITIONS[id];
  return isFlagId(id) ? FLAG_DEFINITIONS[id] : OAUTH_FINDING_DEFINITIONS[id];
}

/** The most severe of some findings, or null when there are none. */
export function mostSevere(findings: readonly Pick<Finding, 'severity'>[]): Severity | null {
  let worst: Severity | null = null;
  for (const { severity } of findings)
    if (worst === null || severityRank(severity) < severityRank(worst)) worst = severity;
  return worst;
}

/** How many findings of each severity, most severe first (severities without one left out). */
export function severityCounts(findings: readonly Pick<Finding, 'severity'>[]): [Severity, number][] {
  const counts = new Map<Severity, number>();
  for (const { severity } of findings) counts.set(severity, (counts.get(severity) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => severityRank(a) - severityRank(b));
}
