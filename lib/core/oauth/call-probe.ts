/**
 * The call probe of a signed-in audit (`audit --url URL --login`): after the lists, one deliberate
 * tools/call for a tool name that cannot exist, with empty arguments. It shows whether the server
 * refuses an unknown tool (a JSON-RPC error or an isError result, with no side effect possible) and
 * whether calling needs a wider scope than listing (403 insufficient_scope: step-up.ts signs in
 * again). Pure: lib/server/sign-in/call-probe.ts sends the request.
 */
import { z } from 'zod';
import { oauthFinding } from './findings';
import type { OAuthReport } from './schemas';

/** What the probe's tool name starts with: recognisable in a server's logs as this probe's. */
export const CALL_PROBE_PREFIX = 'hintcheck-probe-';

export const CALL_PROBE_OUTCOMES = [
  /** A JSON-RPC error: the unknown tool was refused (the expected answer). */
  'unknown-tool-error',
  /** A result with isError: true (the SDK servers' answer to an unknown tool): refused too. */
  'is-error-result',
  /** 403 with Bearer error="insufficient_scope": calling needs scopes the token lacks. */
  'insufficient-scope',
  /** Another HTTP refusal (401, 404, ...). */
  'http-refused',
  /** A successful result for a tool that does not exist. */
  'accepted',
  /** No answer (timeout, connection failure, unreadable answer). */
  'failed',
] as const;
export type CallProbeOutcome = (typeof CALL_PROBE_OUTCOMES)[number];

export const callProbeSchema = z.object({
  method: z.literal('tools/call'),
  /** The made-up tool name (CALL_PROBE_PREFIX and random hex), never one the server listed. */
  tool: z.string(),
  outcome: z.enum(CALL_PROBE_OUTCOMES),
  /** The HTTP status of the answer, when one came. */
  httpStatus: z.number().int().nullable(),
  /** The JSON-RPC error code, for unknown-tool-error. */
  errorCode: z.number().int().nullable(),
  /** The scopes an insufficient_scope refusal named. */
  neededScopes: z.array(z.string()),
  /** One line on what happened (server text shortened, never a token). */
  detail: z.string(),
});
export type CallProbe = z.infer<typeof callProbeSchema>;

/** A probe name no listed tool has: the prefix and hex, made longer in the unlikely event of a clash. */
export function probeToolName(randomHex: string, listed: readonly string[]): string {
  let name = `${CALL_PROBE_PREFIX}${randomHex}`;
  while (listed.includes(name)) name = `${name}0`;
  return name;
}

/** What the server's answer means, from what the request observed. */
export function classifyCallProbe(answer: {
  httpStatus: number | null;
  insufficientScopes: string[] | null;
  errorCode: number | null;
  result: unknown;
  failure: string | null;
}): { outcome: CallProbeOutcome; detail: string } {
  if (answer.insufficientScopes !== null)
    return {
      outcome: 'insufficient-scope',
      detail: `Refused with 403 insufficient_scope: calling needs ${answer.insufficientScopes.join(' ') || 'a scope the challenge does not name'}.`,
    };
  if (answer.httpStatus !== null && answer.httpStatus >= 400)
    return { outcome: 'http-refused', detail: `Refused with HTTP ${answer.httpStatus}.` };
  if (answer.errorCode !== null)
    return { outcome: 'unknown-tool-error', detail: `Refused with JSON-RPC error ${answer.errorCode}.` };
  if (answer.failure !== null) return { outcome: 'failed', detail: answer.failure };
  const result = answer.result;
  if (typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true)
    return { outcome: 'is-error-result', detail: 'Answered with a result marked isError.' };
  return { outcome: 'accepted', detail: 'Answered with a successful result for a tool that does not exist.' };
}

/** The OAuth report with the probe's finding added when the server accepted the unknown tool. */
export function withCallProbeFinding(oauth: OAuthReport, probe: CallProbe | null): OAuthReport {
  if (probe?.outcome !== 'accepted') return oauth;
  const message = `tools/call for a tool the server never listed (${probe.tool}), with empty arguments, got a successful result, not an error.`;
  return { ...oauth, findings: [...oauth.findings, oauthFinding('unknown-tool-accepted', message)] };
}
