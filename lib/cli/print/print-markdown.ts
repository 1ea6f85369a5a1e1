/**
 * Markdown fit for a pull-request comment: the verdict first, then the counts or the changes as a
 * table. Server text is neutralised (HTML and Markdown syntax escaped, line breaks and hidden
 * characters made visible, length capped, `@` mentions and links broken) so a tool description
 * cannot format, link, ping or hide anything in the comment.
 */
import { missingList } from './print-readiness';
import { CHANGE_DEFINITIONS, DIRECTION_LABELS, failsGate, type FailOn } from '../../core/contract/changes';
import type { Drift } from '../../core/contract/drift';
import type { WordDiffPart } from '../../core/word-diff';
import { failsAuditGate } from '../../core/report/audit-gate';
import { hiddenCharacters } from '../../core/hidden-characters';
import { inferredCell } from '../../core/signals/inferred-effect';
import { inRiskOrder } from '../../core/report/risk';
import { allFindings, findingDefinition, type ReportFinding } from '../../core/report/findings';
import type { Severity } from '../../core/severity';
import type { Report } from '../../core/report/report';

/** Where a code host would make a link of plain text: a URL scheme (`https://`, `ftp://`) or `www.`. */
const AUTOLINK = /([A-Za-z][A-Za-z0-9+.-]*):(?=\/\/)|\b(www)\.(?=\S)/gi;

/**
 * Server text for a Markdown table cell. A code host links `scheme://…` and `www.…` in plain text and
 * pings `@user` and `@org/team`: schemes come out as `https[:]//`, `www[.]`, and every `@` is followed by
 * a zero-width space (as `&#8203;`, so the file stays plain ASCII there), which keeps it readable and
 * inert (no link, no mention, no e-mail link).
 */
export function markdownText(text: string, max = 160): string {
  const clipped = text.length > max ? `${text.slice(0, max)}…` : text;
  let out = '';
  let from = 0;
  for (const match of clipped.matchAll(AUTOLINK)) {
    out += escapeMarkdown(clipped.slice(from, match.index));
    const [, scheme, www] = match;
    out += scheme === undefined ? `${escapeMarkdown(www ?? '')}\\[.\\]` : `${escapeMarkdown(scheme)}\\[:\\]`;
    from = match.index + match[0].length;
  }
  return out + escapeMarkdown(clipped.slice(from));
}

function escapeMarkdown(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || hiddenCharacters(ch).count > 0) {
      out += `\\u{${code.toString(16)}}`;
    } else if (ch === '@') out += '@&#8203;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '&') out += '&amp;';
    else if ('\\`*_[]|~'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

function serverLine(report: Report): string {
  const name = report.server?.name ?? null;
  const target =
    report.target.transport === 'stdio' ? [report.target.command, ...report.target.args].join(' ') : report.target.url;
  return `${name === null ? '' : `**${markdownText(name)}** ${markdownText(report.server?.version ?? '')} · `}\`${target.replaceAll('`', "'")}\``;
}

function problems(report: Report): string[] {
  if (report.errors.length === 0) return [];
  return [
    '',
    '**The audit did not complete:**',
    ...report.errors.map((problem) => `- \`${problem.code}\` ${markdownText(problem.message, 300)}`),
  ];
}

const SUBJECT_LABEL: Record<Exclude<ReportFinding['subject']['kind'], 'tools'>, string> = {
  prompts: 'prompt',
  resources: 'resource',
  'resource-templates': 'resource template',
  instructions: 'instructions',
  server: 'server',
  oauth: 'OAuth',
  declared: 'declared',
};

/** The findings that are not on a tool (prompts, resources, templates, instructions, server, OAuth), as a table. */
function otherFindings(findings: readonly ReportFinding[], maxRows: number): string[] {
  const rows: string[] = [];
  for (const finding of findings) {
    const kind = finding.subject.kind;
    if (kind === 'tools') continue;
    const name = kind === 'instructions' ? '' : ` ${markdownText(finding.subject.name, 80)}`;
    rows.push(
      `| ${SUBJECT_LABEL[kind]}${name} | ${finding.severity} \`${finding.id}\` | ${markdownText(finding.message, 200)} |`,
    );
  }
  if (rows.length === 0) return [];
  return [
    '',
    '| about | finding | message |',
    '| ----- | ------- | ------- |',
    ...rows.slice(0, maxRows),
    ...(rows.length > maxRows ? ['', `…and ${rows.length - maxRows} more findings (see the JSON report).`] : []),
  ];
}

/** An audit summary: counts in the article's terms, then the flagged tools, riskiest first, then the other findings. */
export function auditToMarkdown(report: Report, failOn: Severity | null, maxRows = 30): string {
  const s = report.summary;
  const gated = failsAuditGate(report, failOn);
  const flagged = inRiskOrder(report.tools.filter((tool) => tool.flags.length > 0));
  const lines = [
    `### mcp-hintcheck audit: ${gated ? 'gate failed' : report.errors.length > 0 ? 'incomplete' : 'done'}`,
    '',
    serverLine(report),
    '',
    '| tools | read-only | destructive | open-world | unannotated | additive writes |',
    '| ----: | --------: | ----------: | ---------: | ----------: | --------------: |',
    `| ${s.tools} | ${s.readOnly} | ${s.destructive} | ${s.openWorld} | ${s.unannotated} | ${s.additiveWrites.length} |`,
    ...problems(report),
  ];
  const findings = allFindings(report);
  if (flagged.length > 0) {
    lines.push('', '| tool | class | flags |', '| ---- | ----- | ----- |');
    for (const tool of flagged.slice(0, maxRows)) {
      const flags = tool.flags.map((flag) => `${flag.severity} \`${flag.id}\``).join(', ');
      // An effect inferred from the name orders the tool: shown beside the class, never as declared.
      const inferred =
        tool.risk.inferred === undefined ? '' : `; inferred ${markdownText(inferredCell(tool.risk.inferred), 120)}`;
      lines.push(
        `| ${markdownText(tool.name, 80)} | ${tool.class}${tool.openWorld ? ', open-world' : ''}${inferred} | ${flags} |`,
      );
    }
    if (flagged.length > maxRows)
      lines.push('', `…and ${flagged.length - maxRows} more flagged tools (see the JSON report).`);
  }
  lines.push(...otherFindings(findings, maxRows), ...readinessMarkdown(report));
  if (findings.length > 0) {
    const ids = [...new Set(findings.map((finding) => finding.id))];
    lines.push('', '<details><summary>What the findings mean</summary>', '');
    for (const id of ids) {
      const definition = findingDefinition(id);
      lines.push(`- \`${id}\`: ${definition.meaning} *Does not tell you:* ${definition.doesNotTell}`);
    }
    lines.push('', '</details>');
  }
  lines.push('', '_Annotations are hints a server gives about itself; nothing verifies them._', '');
  return lines.join('\n');
}

/** A word diff in Markdown: removed words struck through, added words in bold, all escaped. */
function markdownWordDiff(parts: readonly WordDiffPart[]): string {
  return parts
    .map((part) => {
      const inner = part.text.trim();
      if (part.op === 'same' || inner === '') return part.op === 'removed' ? '' : markdownText(part.text, 4000);
      const mark = part.op === 'added' ? '**' : '~~';
      const lead = part.text.slice(0, part.text.indexOf(inner));
      const trail = part.text.slice(lead.length + inner.length);
      return `${lead}${mark}${markdownText(inner, 4000)}${mark}${trail}`;
    })
    .join('')
    .replace(/\s*\n\s*/g, ' ');
}

/** A verify result: the verdict, then every change, widening first, then each changed text word by word. */
export function driftToMarkdown(drift: Drift, report: Report, failOn: FailOn, label: string): string {
  const gating = drift.changes.filter((change) => failsGate(change, failOn));
  const verdict =
    report.errors.length > 0
      ? 'could not audit the server'
      : gating.length > 0
        ? `gate failed (${gating.length} change${gating.length === 1 ? '' : 's'})`
        : drift.changes.length > 0
          ? 'changes, none gated'
          : 'surface unchanged';
  const lines = [
    `### mcp-hintcheck ${markdownText(label)}: ${verdict}`,
    '',
    serverLine(report),
    '',
    `widening: ${drift.counts.widening} · changed text: ${drift.counts.review} · neutral: ${drift.counts.neutral} · narrowing: ${drift.counts.narrowing} · --fail-on ${failOn}`,
    ...problems(report),
    ...drift.notes.map((note) => `\n_${markdownText(note, 400)}_`),
  ];
  if (drift.changes.length > 0) {
    lines.push('', '| | direction | change | item | what |', '| - | --------- | ------ | ---- | ---- |');
    for (const change of drift.changes) {
      lines.push(
        `| ${failsGate(change, failOn) ? '❌' : ''} | ${DIRECTION_LABELS[change.direction]} | ${CHANGE_DEFINITIONS[change.kind].title} | ${markdownText(change.tool ?? change.item?.id ?? '', 80)} | ${markdownText(change.message, 600)} |`,
      );
    }
    const texts = drift.changes.filter((change) => (change.texts ?? []).length > 0);
    if (texts.length > 0) lines.push('', '#### Changed text, word by word (~~removed~~, **added**)');
    for (const change of texts) {
      lines.push('', `**${markdownText(change.tool ?? change.item?.id ?? 'instructions', 80)}**`);
      for (const text of change.texts ?? [])
        lines.push('', `- ${markdownText(text.field, 80)}: ${markdownWordDiff(text.diff)}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** A directory's readiness verdict (audit --profile): one row per rule with its source. */
function readinessMarkdown(report: Report): string[] {
  const readiness = report.readiness;
  if (readiness === undefined) return [];
  const lines = [
    '',
    `#### Readiness for ${markdownText(readiness.name)}: ${readiness.ready ? 'ready' : 'not ready'}`,
    '',
    '| rule | level | result | missing | source |',
    '| ---- | ----- | ------ | ------- | ------ |',
  ];
  for (const rule of readiness.rules)
    lines.push(
      `| ${markdownText(rule.text, 200)} | ${rule.level} | ${rule.pass ? 'pass' : 'fail'} | ${markdownText(missingList(rule.missing), 300) || '-'} | [${markdownText(new URL(rule.source.url).hostname)}](${rule.source.url}) (read ${rule.source.read}) |`,
    );
  if (readiness.notChecked.length > 0)
    lines.push('', ...readiness.notChecked.map((item) => `- not checked: ${markdownText(item, 300)}`));
  return lines;
}
