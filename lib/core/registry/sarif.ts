/**
 * A merged registry report as SARIF 2.1.0 (for code scanning): one result per finding of every server,
 * at the pseudo-path mcp-server/<server>/<subject>, fingerprinted by server name, finding and subject (not
 * the version, so an alert lives on across versions), plus one result per server that could not be audited.
 */
import type { Log, Result } from 'sarif';
import { findingDefinition, type ReportFindingId } from '../report/findings';
import { fingerprint, LEVEL, pathSlug, rule, sarifLocation, sarifLog, SarifRules } from '../sarif/build';
import type { RegistryReport } from './merge';

const NOT_AUDITED = 'registry-not-audited';

function definitionOf(id: string) {
  try {
    const definition = findingDefinition(id as ReportFindingId) as ReturnType<typeof findingDefinition> | undefined;
    if (definition !== undefined) return definition;
  } catch {
    // Not in a catalogue this version knows.
  }
  return { id, severity: 'info' as const, title: id, meaning: id, doesNotTell: '', reference: '' };
}

export function registryToSarif(report: RegistryReport): Log {
  const rules = new SarifRules();
  const results: Result[] = [];
  for (const row of report.servers) {
    const server = pathSlug(row.name);
    for (const [index, finding] of row.findings.entries()) {
      results.push({
        ruleId: finding.id,
        ruleIndex: rules.use(finding.id, () => rule(finding.id, definitionOf(finding.id), ['registry'])),
        level: LEVEL[finding.severity],
        message: { text: `${row.key} › ${finding.subject}: ${finding.message}` },
        locations: [
          sarifLocation(
            { uri: `mcp-server/${server}/${pathSlug(finding.subject)}`, line: 1 },
            { name: finding.subject, fullyQualifiedName: `${row.name}/${finding.subject}`, kind: 'object' },
          ),
        ],
        partialFingerprints: fingerprint('registry', row.name, finding.id, finding.subject, String(index)),
      });
    }
    if (row.status !== 'ok') {
      results.push({
        ruleId: NOT_AUDITED,
        ruleIndex: rules.use(NOT_AUDITED, () =>
          rule(
            NOT_AUDITED,
            {
              severity: 'medium',
              title: 'Server not audited whole',
              meaning:
                'The server could not be started, reached or listed whole here, so nothing vouches for its tools.',
              doesNotTell: 'Whether the server is unsafe: only that this run could not look.',
              reference: 'docs/registry.md',
            },
            ['registry'],
          ),
        ),
        level: 'warning',
        message: { text: `${row.key}: ${row.error?.message ?? row.status}` },
        locations: [
          sarifLocation(
            { uri: `mcp-server/${server}/server`, line: 1 },
            { name: row.name, fullyQualifiedName: row.name, kind: 'object' },
          ),
        ],
        partialFingerprints: fingerprint('registry', row.name, NOT_AUDITED),
      });
    }
  }
  return sarifLog(report.generator, `${report.generator.name}/registry/${report.generatedAt}`, rules, results);
}
