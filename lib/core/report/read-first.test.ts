import { describe, expect, it } from 'vitest';
import type { ClientSession } from '../capabilities/session';
import { decidingFlag, readFirst, setApart } from './read-first';
import type { Flag } from '../flags/catalogue';
import { buildReport, type Report } from './report';
import { readReport } from './read-report';

const session: ClientSession = {
  mode: 'host',
  file: null,
  declared: { roots: { listChanged: true }, sampling: {} },
  roots: ['file:///tmp/mcp-hintcheck-root-x'],
  rootsSource: 'temporary',
  serverRequests: [{ method: 'roots/list', atMs: 12, answer: 'result', detail: '1 root: file:///tmp/x', asked: null }],
  listenMs: 500,
  notifications: [{ method: 'notifications/tools/list_changed', atMs: 40 }],
  relisted: [{ list: 'tools', atMs: 41, added: ['late'], removed: [], changed: [], error: null }],
  comparison: { toolsWithout: 2, gated: ['late'], onlyWithout: [], error: null, tasks: null },
};

const input = {
  generator: { name: 'mcp-hintcheck', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio' as const, command: 'x', args: [], cwd: null, envNames: [] },
  server: null,
  pages: [],
  complete: true,
  durationMs: 1,
  process: null,
  errors: [],
  warnings: [],
};

const report = buildReport({
  ...input,
  pages: [
    {
      tools: [
        {
          name: 'read_it',
          description: 'Reads.',
          inputSchema: { type: 'object' },
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
        { name: 'wipe_it', description: `Deletes   everything.\n${'x'.repeat(300)}`, inputSchema: { type: 'object' } },
        { name: 'late', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } },
      ],
      bytes: 1,
    },
  ],
  surface: {
    prompts: { declared: false, pages: [], complete: true, error: null },
    resources: { declared: false, pages: [], complete: true, error: null },
    resourceTemplates: { declared: false, pages: [], complete: true, error: null },
    instructions: 'Call `hidden_helper` first.',
    toolsDeclared: true,
    toolsError: null,
    authRequired: false,
  },
  clientSession: session,
});

describe('readFirst', () => {
  it('takes the top three of the risk order, the deciding flag, the start of each description', () => {
    const first = readFirst(report);
    expect(first.tools.map((tool) => [tool.rank, tool.name])).toEqual([
      [1, 'wipe_it'],
      [2, 'late'],
      [3, 'read_it'],
    ]);
    const [top] = first.tools;
    expect(top?.reason?.severity).toBe('high');
    // Its worst flags are high; none of them is a signal of its own text, so the first decides.
    expect(top?.reason?.id).toBe('unannotated');
    expect(top?.description).toMatch(/^Deletes everything\. x+$/);
    expect(top?.description).toHaveLength(139);
    expect(top?.truncated).toBe(true);
    expect(first.tools[1]?.description).toBeNull();
  });

  it('adds the gated, unlisted and later-added tools', () => {
    expect(readFirst(report)).toMatchObject({
      gated: ['late'],
      addedLater: ['late'],
      unlisted: [
        { subject: 'instructions', message: 'Not in the listing, but named in the instructions: hidden_helper.' },
      ],
    });
  });
});

describe('the clientSession section in saved reports', () => {
  it('survives a JSON round trip through the saved-report reader', () => {
    const read = readReport(JSON.parse(JSON.stringify(report)));
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.report.clientSession).toEqual(session);
    }
  });

  it('is optional: a report without it reads, with nothing gated or added later', () => {
    const { clientSession: _omitted, ...without } = JSON.parse(JSON.stringify(report)) as Report;
    const read = readReport(without);
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.report.clientSession).toBeUndefined();
      expect(readFirst(read.report)).toMatchObject({ gated: [], addedLater: [] });
    }
  });

  it('refuses a malformed section with the path named', () => {
    const broken = {
      ...(JSON.parse(JSON.stringify(report)) as object),
      clientSession: { ...session, serverRequests: [{}] },
    };
    const read = readReport(broken);
    expect(read.ok).toBe(false);
    if (!read.ok && read.problem === 'not-a-report')
      expect(read.error.issues.map((issue) => issue.path.join('.'))).toContain('clientSession.serverRequests.0.method');
  });
});

describe('the deciding flag: the worst, as the order reads it (issue 35)', () => {
  const flag = (id: Flag['id'], severity: Flag['severity']): Flag => ({ id, severity, message: id });
  it.each<[string, Flag[], string | null]>([
    ['no flag', [], null],
    // An exercise appends its findings after the claims: a medium first in the list is not the worst.
    [
      'a high after a medium',
      [flag('partially-annotated', 'medium'), flag('destructive-write', 'high')],
      'destructive-write',
    ],
    [
      'an observed contradiction before any claim, even a more severe one',
      [flag('destructive-write', 'high'), flag('executes-code', 'high'), flag('readonly-wrote', 'medium')],
      'readonly-wrote',
    ],
    [
      'of the worst severity, the strongest signal (any code before a URL)',
      [flag('unrestricted-url', 'high'), flag('destructive-write', 'high'), flag('executes-code', 'high')],
      'executes-code',
    ],
    [
      'strength within a signal: returned secrets before a stated kind of code',
      [flag('executes-code', 'medium'), flag('exposes-secrets', 'medium'), flag('unannotated', 'low')],
      'executes-code',
    ],
    [
      'a cross-reference does not decide over a claim of its severity',
      [flag('open-world-read', 'low'), flag('mentions-other-tool', 'low')],
      'open-world-read',
    ],
  ])('%s', (_label, flags, id) => {
    expect(decidingFlag({ flags })?.id ?? null).toBe(id);
  });

  it('says when the reason was observed in the sandbox', () => {
    const tools = report.tools.map((tool) =>
      tool.name === 'read_it' ? { ...tool, flags: [...tool.flags, flag('readonly-wrote', 'high')] } : tool,
    );
    const first = readFirst({ ...report, tools });
    const observed = first.tools.find((tool) => tool.name === 'read_it');
    expect(observed).toMatchObject({ observed: true, reason: { id: 'readonly-wrote' } });
    expect(first.tools.filter((tool) => tool.observed)).toHaveLength(1);
  });
});

describe('setApart', () => {
  const listed = (tools: unknown[]) => buildReport({ ...input, pages: [{ tools, bytes: 1 }] }).tools;
  const destructive = { readOnlyHint: false, destructiveHint: true, openWorldHint: false, idempotentHint: false };

  it('is null for a tool whose reason is its own', () => {
    const [tool] = listed([{ name: 'a', inputSchema: { type: 'object' }, annotations: destructive }]);
    expect(tool === undefined ? 'none' : setApart(tool, [])).toBeNull();
  });

  it('says so when a tool has nothing the others sharing its reason lack, and they rank it lower', () => {
    const [wipe, keep] = listed([
      { name: 'wipe', description: 'Deletes every record.', inputSchema: { type: 'object' }, annotations: destructive },
      { name: 'keep', description: 'Keeps it.', inputSchema: { type: 'object' }, annotations: destructive },
    ]);
    if (wipe === undefined || keep === undefined) throw new Error('two tools');
    expect(setApart(keep, [wipe])).toBe('nothing of its own: the tools that share its reason carry more');
    expect(setApart(wipe, [keep])).toMatch(/^deletes-data: /);
  });
});
