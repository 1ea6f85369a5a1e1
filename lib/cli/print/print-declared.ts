/**
 * The text lines of the Report's `declared` section (lib/core/declared/): each declaration read,
 * the versions each side reports, then the findings. Server text is made terminal-safe first.
 */
import type { Report } from '../../core/report/report';
import { terminalSafe, type TextStyle } from './terminal';

export function renderDeclaredLines(report: Report, style: TextStyle): string[] {
  const section = report.declared;
  if (section === undefined) return [];
  const out = ['', style.bold('what the server declares elsewhere (server.json, card, skills, tools/resolve):')];
  for (const declaration of section.declarations) {
    const verdict =
      declaration.valid === null ? 'card' : declaration.valid ? 'valid server.json' : 'invalid server.json';
    out.push(
      `  ${verdict}: ${terminalSafe(declaration.location, 200)} (name ${terminalSafe(declaration.name ?? '-', 120)}, version ${terminalSafe(declaration.version ?? '-', 40)})`,
    );
  }
  const pkg = section.package;
  out.push(
    style.dim(
      `  versions: declared ${section.declarations.map((d) => terminalSafe(d.version ?? '-', 40)).join(' / ')}; package ${pkg === null ? '-' : `${terminalSafe(pkg.name, 120)} ${terminalSafe(pkg.version ?? '-', 40)}`}; live ${terminalSafe(section.liveVersion ?? '-', 40)} (reported, not checked)`,
    ),
  );
  for (const skill of section.skills ?? []) {
    const files =
      skill.files === 'dynamic'
        ? 'dynamic (not verifiable)'
        : skill.files.map((file) => `${terminalSafe(file.uri, 120)} ${file.read}`).join(', ');
    out.push(`  skill ${terminalSafe(skill.name, 80)}: ${files}`);
  }
  for (const resolution of section.resolutions ?? [])
    out.push(
      `  resolved ${terminalSafe(resolution.tool, 80)}: ${resolution.resolved === null ? 'no usable answer' : resolution.widened.length === 0 ? 'within its static hints' : `widens ${resolution.widened.join(', ')}`}${resolution.observed ? '' : style.dim(' (execution not observable outside the sandbox)')}`,
    );
  if (section.findings.length === 0) out.push(`  ${style.dim('matches what the server serves')}`);
  for (const finding of section.findings)
    out.push(
      `  ${style.severity(finding.severity, finding.severity)} ${finding.id}: ${terminalSafe(finding.message, 300)}`,
    );
  return out;
}
