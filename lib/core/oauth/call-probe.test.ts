import { describe, expect, it } from 'vitest';
import {
  CALL_PROBE_PREFIX,
  classifyCallProbe,
  probeToolName,
  withCallProbeFinding,
  type CallProbe,
} from './call-probe';
import type { OAuthReport } from './schemas';

const answer = (over: Partial<Parameters<typeof classifyCallProbe>[0]>) =>
  classifyCallProbe({
    httpStatus: 200,
    insufficientScopes: null,
    errorCode: null,
    result: null,
    failure: null,
    ...over,
  });

describe('classifyCallProbe', () => {
  it('tells each way a server answers an unknown tool', () => {
    expect(answer({ errorCode: -32602, failure: 'MCP error -32602' }).outcome).toBe('unknown-tool-error');
    expect(answer({ result: { content: [], isError: true } }).outcome).toBe('is-error-result');
    expect(answer({ result: { content: [{ type: 'text', text: 'ok' }] } }).outcome).toBe('accepted');
    expect(answer({ httpStatus: 404, failure: 'HTTP 404' }).outcome).toBe('http-refused');
    expect(answer({ httpStatus: null, failure: 'timed out' })).toEqual({ outcome: 'failed', detail: 'timed out' });
  });

  it('names the scopes of an insufficient_scope refusal', () => {
    const refused = answer({ httpStatus: 403, insufficientScopes: ['mcp:basic', 'mcp:write'], failure: 'HTTP 403' });
    expect(refused.outcome).toBe('insufficient-scope');
    expect(refused.detail).toContain('mcp:basic mcp:write');
  });
});

describe('probeToolName', () => {
  it('is never a listed name', () => {
    expect(probeToolName('ab12', ['x'])).toBe(`${CALL_PROBE_PREFIX}ab12`);
    const clash = `${CALL_PROBE_PREFIX}ab12`;
    expect(probeToolName('ab12', [clash, `${clash}0`])).toBe(`${clash}00`);
  });
});

describe('withCallProbeFinding', () => {
  const oauth = { findings: [] } as unknown as OAuthReport;
  const probe = (outcome: CallProbe['outcome']): CallProbe => ({
    method: 'tools/call',
    tool: `${CALL_PROBE_PREFIX}00ff`,
    outcome,
    httpStatus: 200,
    errorCode: null,
    neededScopes: [],
    detail: '',
  });

  it('adds unknown-tool-accepted, with its explanation, only when the unknown tool was accepted', () => {
    const flagged = withCallProbeFinding(oauth, probe('accepted'));
    expect(flagged.findings).toHaveLength(1);
    expect(flagged.findings[0]).toMatchObject({ id: 'unknown-tool-accepted', severity: 'medium' });
    expect(flagged.findings[0]?.message).toContain(`${CALL_PROBE_PREFIX}00ff`);
    expect(flagged.findings[0]?.explanation).toContain('does not tell you');
    for (const outcome of ['unknown-tool-error', 'is-error-result', 'insufficient-scope', 'failed'] as const)
      expect(withCallProbeFinding(oauth, probe(outcome))).toBe(oauth);
    expect(withCallProbeFinding(oauth, null)).toBe(oauth);
  });
});
