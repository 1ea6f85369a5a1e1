import { describe, expect, it } from 'vitest';
import type { ServerRequestRecord } from '../../core/capabilities/session';
import type { Report } from '../../core/report/report';
import { renderBehaviourLines } from './print-behaviour';
import { PLAIN } from './terminal';

const request = (method: string, detail: string, asked: string | null): ServerRequestRecord => ({
  method,
  atMs: 3,
  answer: 'result',
  detail,
  asked,
});

function exercised(client: NonNullable<Report['exercise']>['client']): Report {
  const call = {
    outcome: 'ok',
    message: null,
    round: 1,
    argumentsJson: '{"message":"hi"}',
    serverRequests: [request('elicitation/create', 'action: decline', 'Your \u001b[31mname\u001b[0m?')],
  };
  return {
    tools: [
      { name: 'trigger-elicitation-request', behaviour: { status: 'clean', summary: 'called once', calls: [call] } },
    ],
    exercise: {
      sandbox: 'bubblewrap 0.8.0',
      tracer: 'strace 6.1',
      calls: 1,
      durationMs: 900,
      mode: 'checkable',
      skipped: [],
      stopped: null,
      client,
    },
  } as unknown as Report;
}

describe('the behaviour section: the exercise client and the server requests', () => {
  it('names what was declared, the roots offered and each request with its answer, escaped', () => {
    const lines = renderBehaviourLines(
      exercised({
        declared: { roots: { listChanged: true }, sampling: {} },
        protocolVersion: '2025-11-25',
        roots: ['file:///tmp/work'],
        startRequests: [request('roots/list', '1 root: file:///tmp/work', null)],
      }),
      PLAIN,
    ).join('\n');
    expect(lines).toContain(
      "client: declared roots (listChanged), sampling (as the audit did), protocol 2025-11-25; roots offered: file:///tmp/work (the sandbox's working folder)",
    );
    expect(lines).toContain('at start: +3 ms roots/list → result: 1 root: file:///tmp/work');
    expect(lines).toContain('during trigger-elicitation-request: +3 ms elicitation/create → result: action: decline');
    expect(lines).toMatch(/asked: Your .*name.*\?/);
    expect(lines).not.toContain('\u001b');
  });

  it('says when nothing was declared, and prints no client line for reports saved before it was kept', () => {
    const none = renderBehaviourLines(
      exercised({ declared: {}, protocolVersion: null, roots: [], startRequests: [] }),
      PLAIN,
    );
    expect(none).toContain(' client: declared no capability (as the audit did)');
    expect(renderBehaviourLines(exercised(undefined), PLAIN).join('\n')).not.toContain('client:');
  });

  it('opens with the summary box, and prints every call with its outcome and arguments', () => {
    const lines = renderBehaviourLines(
      exercised({ declared: {}, protocolVersion: null, roots: [], startRequests: [] }),
      PLAIN,
    );
    expect(lines[1]).toBe(
      ' ┌ exercise summary: contradicted 0 · inconclusive 0 · clean 1 · observed 0 · not-exercised 0',
    );
    expect(lines).toContain('   call 1: ok · arguments {"message":"hi"}');
    expect(lines.join('\n')).toContain(' └ cannot prove: It cannot prove a tool honest');
  });

  it('says when an id in the arguments was reused from a listing call', () => {
    const report = exercised({ declared: {}, protocolVersion: null, roots: [], startRequests: [] });
    const call = report.tools[0]?.behaviour?.calls[0];
    if (call !== undefined) Object.assign(call, { argumentsJson: '{"msgid":3}', argumentsFrom: 'reused' });
    expect(renderBehaviourLines(report, PLAIN)).toContain(
      '   call 1: ok · arguments (an id reused from a listing call) {"msgid":3}',
    );
  });
});
