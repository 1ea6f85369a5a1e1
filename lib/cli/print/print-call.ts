/**
 * `mcp-hintcheck call`'s text output (issue 37): what ran where, the outcome, the result's blocks
 * as escaped text (hidden characters marked, nothing followed or loaded), the result's findings,
 * what the call did in the sandbox with the evidence of each effect, the verdict against the tool's
 * hints, and each request the server sent with how it was answered. Every string from the server
 * goes through terminalSafe.
 */
import { describeEffect } from '../../core/exercise/judge';
import type { ResultBlock } from '../../core/results/blocks';
import type { Severity } from '../../core/severity';
import type { PlaygroundCallResult, PlaygroundStarted } from '../../core/playground/schema';
import { STATUS_SEVERITY } from './print-behaviour';
import { renderRequestLines } from './print-session';
import { terminalSafe, type TextStyle } from './terminal';

/** How the server's requests were answered when no --answer-* option was given. */
export interface CallAnswering {
  elicitation: boolean;
  sampling: boolean;
}

function blockLines(block: ResultBlock): string[] {
  const where = terminalSafe(block.where, 60);
  switch (block.kind) {
    case 'text':
      return [`  ${where} (text):`, `    ${terminalSafe(block.text, 8000, true)}`];
    case 'image':
    case 'audio':
      return [`  ${where} (${block.kind}): ${terminalSafe(block.mimeType, 60)}, ${block.bytes} bytes (not shown)`];
    case 'resource-link':
      return [
        `  ${where} (resource link, not followed): ${terminalSafe(block.uri, 500)}${block.name === null ? '' : ` "${terminalSafe(block.name, 120)}"`}`,
      ];
    case 'resource':
      return [
        `  ${where} (resource ${terminalSafe(block.uri, 300)}${block.mimeType === null ? '' : `, ${terminalSafe(block.mimeType, 60)}`}):`,
        block.text === null
          ? `    ${block.blobBytes ?? 0} bytes of binary data (not shown)`
          : `    ${terminalSafe(block.text, 8000, true)}`,
      ];
    case 'other':
      return [`  ${where} (${terminalSafe(block.type, 60)}): ${terminalSafe(block.json, 2000)}`];
  }
}

function findingLines(
  findings: readonly { id: string; severity: Severity; message: string }[],
  style: TextStyle,
): string[] {
  return findings.map(
    (finding) =>
      `  ${style.severity(finding.severity, finding.severity)} ${finding.id}: ${terminalSafe(finding.message, 600)}`,
  );
}

/** The server's requests during the call, as the audit prints them, and how the CLI answered each. */
function requestLines(result: PlaygroundCallResult, answering: CallAnswering, style: TextStyle): string[] {
  if (result.serverRequests.length === 0) return [];
  const note = (method: string): string | null => {
    if (method === 'elicitation/create' && !answering.elicitation) return 'declined: no --answer-elicitation';
    if (method === 'sampling/createMessage' && !answering.sampling) return 'refused: no --answer-sampling';
    return null;
  };
  return [
    'server requests:',
    ...result.serverRequests.flatMap((request) => {
      const why = note(request.method);
      return [...renderRequestLines(request, style), ...(why === null ? [] : [style.dim(`    (${why})`)])];
    }),
  ];
}

export function renderCall(
  started: PlaygroundStarted,
  result: PlaygroundCallResult,
  answering: CallAnswering,
  style: TextStyle,
): string {
  const server = started.server === null ? 'a server' : `${started.server.name} ${started.server.version}`;
  const lines = [
    style.bold(`${result.method} ${terminalSafe(result.target, 300)}`) +
      (result.method === 'resources/read' ? '' : ` ${terminalSafe(result.argumentsJson, 1000)}`),
    style.dim(
      `  ${terminalSafe(server, 120)} · protocol ${terminalSafe(started.protocolVersion ?? 'unknown', 40)} · in a sandbox (${terminalSafe(started.sandbox.bwrap, 60)}, ${terminalSafe(started.sandbox.strace, 60)}: no network, the system read-only, a throwaway HOME and working folder)`,
    ),
    `outcome: ${result.outcome}${result.message === null ? '' : `: ${terminalSafe(result.message, 300)}`} (${Math.round(result.durationMs)} ms)`,
  ];
  const inspection = result.inspection;
  if (inspection !== null) {
    lines.push(inspection.isError ? 'result (the tool reported an error):' : 'result:');
    const blocks = inspection.blocks as unknown as ResultBlock[];
    if (blocks.length === 0) lines.push('  (no content)');
    for (const block of blocks) lines.push(...blockLines(block));
    if (inspection.structured !== null && inspection.structured.value !== null)
      lines.push(`  structuredContent: ${terminalSafe(JSON.stringify(inspection.structured.value), 2000)}`);
    if (inspection.structured !== null && inspection.structured.check.status !== 'not-sent')
      lines.push(`  against the output schema: ${terminalSafe(String(inspection.structured.check.status), 40)}`);
    lines.push(
      inspection.findings.length === 0 ? 'result findings: none' : 'result findings:',
      ...findingLines(inspection.findings, style),
    );
  }
  lines.push(result.effects.length === 0 ? 'effects in the sandbox: none seen' : 'effects in the sandbox:');
  for (const effect of result.effects) {
    // Why it is set aside is in the effect's own words (describeEffect); what that means, here.
    const aside = effect.aside === undefined ? '' : style.dim(' (set aside: not judged)');
    lines.push(
      `  ${terminalSafe(describeEffect(effect), 400)}${aside}`,
      style.dim(`    evidence: ${terminalSafe(effect.evidence, 400)}`),
    );
  }
  if (result.changed.length > 0)
    lines.push(`  files changed (snapshot): ${result.changed.map((path) => terminalSafe(path, 200)).join(', ')}`);
  if (result.incomplete !== null) lines.push(`  incomplete: ${terminalSafe(result.incomplete, 300)}`);
  const behaviour = result.behaviour;
  if (behaviour !== null) {
    const claims = behaviour.claims.length === 0 ? 'no checkable claim' : `claims ${behaviour.claims.join(', ')}`;
    lines.push(
      `behaviour: ${style.severity(STATUS_SEVERITY[behaviour.status], behaviour.status)} (${claims}): ${terminalSafe(behaviour.summary, 600)}`,
      ...findingLines(behaviour.findings, style),
    );
  }
  lines.push(...requestLines(result, answering, style));
  return `${lines.join('\n')}\n`;
}
