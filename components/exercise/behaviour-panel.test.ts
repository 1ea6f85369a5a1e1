// A call's server requests in the behaviour panel: what the server asked during the call and how the
// exercise's client answered, the server's own text drawn with its invisible characters marked.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallRecord, ToolBehaviour } from '@/lib/core/exercise/schema';
import { BehaviourPanel } from './behaviour-panel';

const call = (extra: Partial<CallRecord>): CallRecord => ({
  tool: 'trigger-sampling-request',
  round: 1,
  argumentsJson: '{"prompt":"string"}',
  argumentsFrom: 'generated',
  outcome: 'tool-error',
  message: 'MCP error -1: Declined',
  durationMs: 6,
  resultBytes: 80,
  effects: [],
  filteredAsNoise: 0,
  changed: [],
  ...extra,
});

const panel = (calls: CallRecord[]): string => {
  const behaviour: ToolBehaviour = { status: 'not-exercised', claims: [], summary: 'not exercised', calls };
  return renderToStaticMarkup(createElement(BehaviourPanel, { behaviour }));
};

describe('BehaviourPanel: the server requests of a call', () => {
  it('shows each request, its answer and what it asked, with hidden characters marked', () => {
    const html = panel([
      call({
        serverRequests: [
          {
            method: 'sampling/createMessage',
            atMs: 2,
            answer: 'error',
            detail: '-1: Declined: mcp-hintcheck never forwards its requests to a model.',
            asked: 'Summarise\u200B the notes',
          },
        ],
      }),
    ]);
    expect(html).toContain('data-testid="behaviour-server-requests"');
    expect(html).toContain('sampling/createMessage');
    expect(html).toContain('answered (error)');
    expect(html).toContain('-1: Declined: mcp-hintcheck never forwards its requests to a model.');
    expect(html).not.toMatch(/\u200B/);
    expect(html).toMatch(/U\+200B/);
  });

  it('shows nothing for a call without requests, or from a report saved before they were kept', () => {
    expect(panel([call({ serverRequests: [] }), call({})])).not.toContain('behaviour-server-requests');
  });
});
