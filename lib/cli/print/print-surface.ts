/**
 * The text printer's part for the protocol era and the rest of the surface: which era and revision
 * were spoken and how, prompts, resources, templates and instructions with their findings, the
 * server-wide findings, and the context cost (an estimate, o200k_base). Server text is made
 * terminal-safe first.
 */
import type { Report } from '../../core/report/report';
import { formatBytes } from '../../core/bytes';
import { formatCount } from '../../core/count';
import type { CostRecord } from '../../core/report/cost';
import { terminalSafe, type TextStyle } from './terminal';

function cost(value: CostRecord): string {
  return value.tokens === null
    ? formatBytes(value.bytes)
    : `${formatBytes(value.bytes)} ≈ ${formatCount(value.tokens)} tokens`;
}

/** One line on the era: "protocol 2026-07-28 (current era) · server/discover offered …". */
export function renderProtocolLines(report: Report, style: TextStyle): string[] {
  const protocol = report.protocol;
  if (protocol === undefined || protocol === null) return [];
  const era = protocol.era === 'modern' ? 'current era' : protocol.era === 'legacy' ? '2025 era' : 'era unknown';
  const lines = [style.dim(`protocol ${protocol.version ?? '?'} (${era}): ${protocol.detail}`)];
  if (protocol.otherEra !== null) lines.push(style.dim(`other era: ${terminalSafe(protocol.otherEra.detail, 300)}`));
  return lines;
}

export function renderSurfaceLines(report: Report, style: TextStyle): string[] {
  const surface = report.surface;
  if (surface === undefined) return [];
  const out: string[] = [''];
  const { lists } = surface;
  const count = (n: number, declared: boolean, word: string): string =>
    declared ? `${word}: ${n}` : `${word}: not declared`;
  out.push(
    style.bold('surface: ') +
      [
        count(surface.prompts.length, lists.prompts.declared, 'prompts'),
        count(surface.resources.length, lists.resources.declared, 'resources'),
        count(surface.resourceTemplates.length, lists.resourceTemplates.declared, 'templates'),
        `instructions: ${surface.instructions === null ? 'none' : cost(surface.instructions.cost)}`,
      ].join('  '),
  );
  const estimate =
    surface.cost.sessionStart.tokens === null
      ? 'bytes; --tokens adds token estimates'
      : `estimate, ${surface.cost.encoding}`;
  out.push(
    `context cost (${estimate}): session start ${cost(surface.cost.sessionStart)} (tools ${cost(surface.cost.tools)} + instructions)`,
  );
  const flagged = [
    ...surface.prompts.map((item) => ({ kind: 'prompt', label: item.name, flags: item.flags })),
    ...surface.resources.map((item) => ({ kind: 'resource', label: item.uri, flags: item.flags })),
    ...surface.resourceTemplates.map((item) => ({ kind: 'template', label: item.uriTemplate, flags: item.flags })),
    ...(surface.instructions === null ? [] : [{ kind: 'instructions', label: '', flags: surface.instructions.flags }]),
  ].filter((item) => item.flags.some((flag) => flag.severity !== 'info'));
  if (flagged.length > 0) {
    out.push('', `flagged prompts, resources, templates and instructions (${flagged.length}):`);
    for (const item of flagged.slice(0, 40)) {
      out.push(` ${item.kind} ${terminalSafe(item.label, 128)}`);
      for (const flag of item.flags) {
        if (flag.severity === 'info') continue;
        out.push(
          `   ${style.severity(flag.severity, flag.severity.padEnd(6))} ${flag.id}: ${terminalSafe(flag.message, 400)}`,
        );
      }
    }
  }
  if (surface.findings.length > 0) {
    out.push('', 'server-wide:');
    for (const finding of surface.findings) {
      out.push(
        `   ${style.severity(finding.severity, finding.severity.padEnd(6))} ${finding.id} (${finding.subject}): ${terminalSafe(finding.message, 400)}`,
      );
    }
  }
  return out;
}
