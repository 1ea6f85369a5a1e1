/**
 * One playground call's answer, put together (issue 37): the outcome, the result as sent (redacted
 * where it entered, and every secret found in it replaced), its inspection (lib/core/results: blocks, structured content against the output
 * schema, envelopes, links, findings), the effects the sandbox saw, the server's requests, and for
 * tools/call the verdict against the tool's hints, the exercise's own rule (judge.ts). A playground
 * call is never re-run alone in a fresh sandbox (confirm.ts), so a contradiction it shows is what the
 * exercise calls an unconfirmed one: the tool is inconclusive, and the findings it would raise are
 * reported as seen once, "not confirmed".
 */
import type { ServerRequestRecord } from '../../core/capabilities/session';
import { judgeTool, behaviourFindings } from '../../core/exercise/judge';
import { OBSERVED_CONTRADICTIONS } from '../../core/exercise/definitions';
import type { CallRecord, Claim, Effect } from '../../core/exercise/schema';
import type { Finding } from '../../core/finding';
import type { PlaygroundCallRequest, PlaygroundCallResult } from '../../core/playground/schema';
import { inspectResult } from '../../core/results/inspect';
import type { CallEntry } from '../exercise/call-loop';
import type { RpcAnswer } from '../exercise/session';

export const NOT_CONFIRMED = 'Seen once, not confirmed (a playground call is not re-run alone in a fresh sandbox):';

/** The tool or prompt name, or the resource URI. */
export function targetOf(request: PlaygroundCallRequest): string {
  return request.method === 'resources/read' ? request.uri : request.name;
}

const plain = (finding: Finding): { id: string; severity: Finding['severity']; message: string } => ({
  id: finding.id,
  severity: finding.severity,
  message: finding.message,
});

/** The call judged as the exercise judges a tool's calls, never confirmed. */
export function playgroundBehaviour(
  record: CallRecord,
  claims: readonly Claim[],
  incomplete: string | null,
): NonNullable<PlaygroundCallResult['behaviour']> {
  const verdict = judgeTool([record], claims, undefined, incomplete, null);
  const unconfirmed = behaviourFindings([record], claims)
    .filter((finding) => OBSERVED_CONTRADICTIONS.includes(finding.id))
    .filter((finding) => !verdict.findings.some((kept) => kept.id === finding.id))
    .map((finding) => ({ ...plain(finding), message: `${NOT_CONFIRMED} ${finding.message}` }));
  return {
    status: verdict.behaviour.status,
    claims: [...claims],
    summary: verdict.behaviour.summary,
    findings: [...verdict.findings.map(plain), ...unconfirmed],
  };
}

export interface CallFacts {
  seq: number;
  request: PlaygroundCallRequest;
  entry: CallEntry;
  answer: RpcAnswer;
  effects: Effect[];
  filteredAsNoise: number;
  serverRequests: ServerRequestRecord[];
  /** tools/call: the tool as listed (its claims and output schema); undefined otherwise. */
  tool?: { claims: readonly Claim[]; outputSchema?: unknown };
  toolNames: readonly string[];
  incomplete: string | null;
}

export function callResult(facts: CallFacts): PlaygroundCallResult {
  const { request, entry, answer } = facts;
  const result = answer.kind === 'result' ? answer.result : null;
  const inspection =
    answer.kind === 'result'
      ? inspectResult(request.method, result, {
          toolNames: facts.toolNames,
          ...(facts.tool?.outputSchema === undefined ? {} : { outputSchema: facts.tool.outputSchema }),
        })
      : null;
  const record: CallRecord = {
    ...entry.record,
    effects: facts.effects,
    filteredAsNoise: facts.filteredAsNoise,
    serverRequests: facts.serverRequests,
  };
  return {
    seq: facts.seq,
    method: request.method,
    target: targetOf(request),
    argumentsJson: entry.record.argumentsJson,
    outcome: entry.record.outcome,
    message: entry.record.message,
    durationMs: entry.record.durationMs,
    // Every secret found in the result replaced (lib/core/results/secrets.ts): it is shown and logged.
    result: inspection === null ? (result ?? null) : (inspection.result ?? null),
    inspection:
      inspection === null
        ? null
        : {
            isError: inspection.isError,
            blocks: inspection.blocks as unknown as Record<string, unknown>[],
            structured:
              inspection.structured === null
                ? null
                : {
                    // JSON has no undefined: absent is null on the wire (check.status says not-sent or missing).
                    value: inspection.structured.value ?? null,
                    check: inspection.structured.check as unknown as Record<string, unknown>,
                  },
            envelopes: inspection.envelopes as unknown as Record<string, unknown>[],
            links: inspection.links,
            findings: inspection.findings.map(plain),
          },
    effects: facts.effects,
    serverRequests: facts.serverRequests,
    behaviour:
      request.method === 'tools/call' && facts.tool !== undefined
        ? playgroundBehaviour(record, facts.tool.claims, facts.incomplete)
        : null,
    changed: entry.record.changed,
    incomplete: facts.incomplete,
  };
}
