/**
 * JUnit XML for CI test views: an audit is one test case per tool and one per other subject with
 * findings (a prompt, resource, template, the instructions, the server, its OAuth), failing when
 * it carries a finding that --fail-on gates (lib/core/report/findings.ts: the gate's own walk), a verify run is one test case per tool, per contract check and per prompt,
 * resource and template (pinned or added), failing when it carries a change that --fail-on gates.
 * A server that could not be audited is one erroring test case. Server text is escaped, and
 * characters XML 1.0 cannot carry are dropped.
 */
import { DIRECTION_LABELS, failsGate, type Change, type FailOn, type ItemType } from '../../core/contract/changes';
import type { Drift } from '../../core/contract/drift';
import { textDiffLines } from '../../core/word-diff';
import type { PinName } from '../../core/contract/schema';
import { findingsBySubject, type ReportFinding } from '../../core/report/findings';
import { atOrAbove, type Severity } from '../../core/severity';
import type { Report } from '../../core/report/report';

/** Text for XML 1.0 content or attributes: escaped, with forbidden characters removed. */
export function xmlText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '',
    )
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

interface Case {
  classname: string;
  name: string;
  failure?: { message: string; type: string; body: string };
  error?: { message: string; type: string; body: string };
  out?: string;
}

function suite(name: string, timestamp: string, seconds: number, cases: Case[]): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const errors = cases.filter((c) => c.error !== undefined).length;
  const body = cases.map((c) => {
    const open = `    <testcase classname="${xmlText(c.classname)}" name="${xmlText(c.name)}" time="0">`;
    const inner: string[] = [];
    for (const [tag, problem] of [
      ['failure', c.failure],
      ['error', c.error],
    ] as const) {
      if (problem !== undefined)
        inner.push(
          `      <${tag} message="${xmlText(problem.message)}" type="${xmlText(problem.type)}">${xmlText(problem.body)}</${tag}>`,
        );
    }
    if (c.out !== undefined && c.out !== '') inner.push(`      <system-out>${xmlText(c.out)}</system-out>`);
    return inner.length === 0 ? `${open.slice(0, -1)} />` : `${open}\n${inner.join('\n')}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-hintcheck" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${seconds}">`,
    `  <testsuite name="${xmlText(name)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0" timestamp="${xmlText(timestamp)}" time="${seconds}">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function serverName(report: Report): string {
  return report.server?.name ?? (report.target.transport === 'stdio' ? report.target.command : report.target.url);
}

function problemCases(report: Report, classname: string): Case[] {
  return report.errors.map((problem) => ({
    classname,
    name: `audit: ${problem.step ?? 'connect and list'}`,
    error: { message: problem.message, type: problem.code, body: problem.hint ?? '' },
  }));
}

/** A case's failure: the findings at or above `failOn` (none without --fail-on). */
function findingFailure(
  findings: readonly Pick<ReportFinding, 'id' | 'severity'>[],
  failOn: Severity | null,
  body: string,
): Pick<Case, 'failure'> {
  const gating = failOn === null ? [] : findings.filter((finding) => atOrAbove(finding.severity, failOn));
  const [first] = gating;
  if (first === undefined) return {};
  return { failure: { message: gating.map((finding) => finding.id).join(', '), type: first.severity, body } };
}

/**
 * An audit as JUnit: each tool is a case (failing when it has a finding at or above `failOn`),
 * and so is every other subject that has findings (`mcp.<server>.prompts`, `.oauth`, ...).
 */
export function auditToJunit(report: Report, failOn: Severity | null): string {
  const server = serverName(report);
  const classname = `mcp.${server}.tools`;
  const lineOf = (finding: Pick<ReportFinding, 'id' | 'severity' | 'message'>): string =>
    `${finding.severity} ${finding.id}: ${finding.message}`;
  const cases: Case[] = report.tools.map((tool) => {
    const lines = tool.flags.map(lineOf).join('\n');
    return {
      classname,
      name: tool.name,
      ...findingFailure(tool.flags, failOn, lines),
      out: `${tool.class}${tool.openWorld ? ', open-world' : ''}${lines === '' ? '' : `\n${lines}`}`,
    };
  });
  for (const { subject, findings } of findingsBySubject(report)) {
    if (subject.kind === 'tools' || findings.length === 0) continue;
    const lines = findings.map(lineOf).join('\n');
    cases.push({
      classname: `mcp.${server}.${subject.kind}`,
      name: subject.name,
      ...findingFailure(findings, failOn, lines),
      out: lines,
    });
  }
  return suite(`mcp-hintcheck audit: ${server}`, report.generatedAt, report.durationMs / 1000, [
    ...problemCases(report, classname),
    ...cases,
  ]);
}

/** A verify run as JUnit: one case per tool (contract and live) and per contract check. */
export function driftToJunit(
  drift: Drift,
  report: Report,
  checked: {
    toolNames: readonly string[];
    pins: readonly PinName[];
    /** The prompts, resources and templates the contract pins (each a test case, like a tool). */
    items?: readonly { type: ItemType; id: string }[];
  },
  failOn: FailOn,
): string {
  const server = serverName(report);
  const byTool = new Map<string | null, Change[]>();
  for (const change of drift.changes) byTool.set(change.tool, [...(byTool.get(change.tool) ?? []), change]);
  const names = [
    ...new Set([
      ...checked.toolNames,
      ...drift.changes.flatMap((change) => (change.tool === null ? [] : [change.tool])),
    ]),
  ].sort();
  const toCase = (classname: string, name: string, changes: readonly Change[]): Case => {
    const gating = changes.filter((change) => failsGate(change, failOn));
    const body = changes
      .map((change) =>
        [`${DIRECTION_LABELS[change.direction]} ${change.kind}: ${change.message}`, ...textDiffLines(change.texts)]
          .map((line, i) => (i === 0 ? line : `  ${line}`))
          .join('\n'),
      )
      .join('\n');
    return {
      classname,
      name,
      ...(gating.length === 0
        ? {}
        : {
            failure: {
              message: gating.map((change) => change.message).join(' '),
              type: gating[0]?.kind ?? 'drift',
              body,
            },
          }),
      ...(body === '' ? {} : { out: body }),
    };
  };
  const cases = names.map((name) => toCase(`mcp.${server}.tools`, name, byTool.get(name) ?? []));
  const surface = (byTool.get(null) ?? []).filter((change) => change.item === undefined);
  const byItem = new Map<string, Change[]>();
  const itemKey = (item: { type: ItemType; id: string }): string => JSON.stringify([item.type, item.id]);
  for (const item of checked.items ?? []) byItem.set(itemKey(item), []);
  for (const change of drift.changes) {
    if (change.item === undefined) continue;
    const key = itemKey(change.item);
    byItem.set(key, [...(byItem.get(key) ?? []), change]);
  }
  for (const [key, changes] of byItem) {
    const [type, id] = JSON.parse(key) as [ItemType, string];
    cases.push(toCase(`mcp.${server}.${type}s`, id, changes));
  }
  for (const check of checked.pins) {
    cases.push(
      toCase(
        `mcp.${server}.contract`,
        check,
        surface.filter((change) => change.subject === check),
      ),
    );
  }
  return suite(`mcp-hintcheck verify: ${server}`, report.generatedAt, report.durationMs / 1000, [
    ...problemCases(report, `mcp.${server}.tools`),
    ...cases,
  ]);
}
