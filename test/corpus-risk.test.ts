// The risk order on seventeen published servers: the first five of each, with the reason a
// reviewer reading its description gives (corpus-top-five.ts), and the false alarms found by
// reading (corpus-false-signals.ts). The listings are the servers' real tools/list answers,
// recorded once under test/fixtures/corpus/ (scripts/record-corpus.mjs). Six are devDependencies
// (versions pinned in package.json): the live check at the end lists each again and fails when
// the fixture is no longer what it sends; the others are recorded only (`installed: false`, from
// a scratch install, in a network namespace of their own): the test reads their fixture alone.
// Scores: severity, level, strongest signal, effect tier (lib/core/report/risk.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTools } from '../lib/core/report/tool-analysis';
import { inRiskOrder } from '../lib/core/report/risk';
import { readFirst } from '../lib/core/report/read-first';
import type { Report } from '../lib/core/report/report';
import { sessionFindings } from '../lib/core/session/findings';
import type { ToolReport } from '../lib/core/report/tool-report';
import { HOST_CAPABILITIES as AUDIT_HOST, withoutTasks } from '../lib/core/capabilities/declared';
import {
  CORPUS_SERVERS,
  HOST_CAPABILITIES,
  canIsolateNetwork,
  corpusServer,
  listTools,
} from './fixtures/corpus/servers.mjs';
import { ROOT } from './helpers';
import { FALSE_SIGNALS, fires } from './corpus-false-signals';
import { TOP_FIVE } from './corpus-top-five';

interface Fixture {
  package: string;
  version: string;
  recordedWith: string;
  tools: unknown[];
}

const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/corpus', `${name}.json`), 'utf8')) as Fixture;

function ranked(name: string): ToolReport[] {
  const { tools } = analyzeTools([{ tools: fixture(name).tools, bytes: 0 }], { context: {}, withCost: false });
  return inRiskOrder(tools);
}

const HOST_ONLY = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-sampling-request',
  'trigger-url-elicitation',
];

describe.each(Object.entries(TOP_FIVE))('the first five of %s (recorded listing)', (server, expected) => {
  const tools = ranked(server);

  it('names listed tools, each once', () => {
    const names = tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(expected.length).toBe(Math.min(5, names.length));
  });

  it.each(expected.map(([name, score, why], i) => [i + 1, name, score, why] as const))(
    '#%i %s (%i): %s',
    (rank, name, score) => {
      const tool = tools.find((candidate) => candidate.name === name);
      expect({ rank: tool?.risk.rank, score: tool?.risk.score }).toEqual({ rank, score });
    },
  );
});

describe.each(Object.entries(FALSE_SIGNALS))('false alarms found by reading %s', (server, labels) => {
  const tools = ranked(server);
  it.each(labels)('%s: no %s (%s)', (name, label) => {
    const tool = tools.find((candidate) => candidate.name === name);
    expect(tool, `${name} is listed`).toBeDefined();
    expect(tool === undefined ? true : fires(tool, label)).toBe(false);
  });
});

const rankOf = (tools: readonly ToolReport[], name: string): number =>
  tools.find((tool) => tool.name === name)?.risk.rank ?? Number.NaN;

describe('what a reviewer expects (issue 22)', () => {
  it('@playwright/mcp: code execution in the top four, file upload in the top six, drag and drop deletes nothing', () => {
    const tools = ranked('playwright-mcp');
    expect(rankOf(tools, 'browser_run_code_unsafe')).toBeLessThanOrEqual(4);
    expect(rankOf(tools, 'browser_evaluate')).toBeLessThanOrEqual(4);
    expect(rankOf(tools, 'browser_file_upload')).toBeLessThanOrEqual(6);
    for (const name of ['browser_drag', 'browser_drop']) {
      expect(tools.find((tool) => tool.name === name)?.flags.map((flag) => flag.id)).not.toContain('deletes-data');
    }
    const upload = tools.find((tool) => tool.name === 'browser_file_upload');
    expect(upload?.flags.find((flag) => flag.id === 'sends-local-files')?.message).toContain('paths');
  });

  it('server-everything: listed as an audit lists it (host capabilities without tasks), 17 tools', () => {
    // Recorded before tasks joined `host`: the listings are a host's without tasks (the 2 task-gated tools: host-session.test.ts).
    const AUDIT_HOST_CAPABILITIES = withoutTasks(AUDIT_HOST);
    expect(HOST_CAPABILITIES).toEqual(AUDIT_HOST_CAPABILITIES);
    for (const server of CORPUS_SERVERS)
      expect((fixture(server.name) as Fixture & { capabilities: unknown }).capabilities, server.name).toEqual(
        AUDIT_HOST_CAPABILITIES,
      );
    const names = ranked('server-everything').map((tool) => tool.name);
    expect(names).toHaveLength(17);
    expect(names).toEqual(
      expect.arrayContaining([
        'get-roots-list',
        'trigger-elicitation-request',
        'trigger-url-elicitation',
        'trigger-sampling-request',
      ]),
    );
  });

  it('server-everything: get-env carries a flag that says it exposes environment variables', () => {
    const env = ranked('server-everything').find((tool) => tool.name === 'get-env');
    const flag = env?.flags.find((candidate) => candidate.id === 'exposes-secrets');
    expect(flag?.message).toMatch(/environment variables/);
    expect(env?.risk.score).toBeGreaterThan(0);
  });

  it('server-slack: posting and replying rank above every get and list', () => {
    const tools = ranked('server-slack');
    const reads = tools.filter((tool) => /^slack_(get|list)_/.test(tool.name)).map((tool) => tool.risk.rank);
    for (const name of ['slack_post_message', 'slack_reply_to_thread']) {
      expect(rankOf(tools, name)).toBeLessThan(Math.min(...reads));
    }
  });

  it('server-github: push, create-or-update and merge rank above every get, list and search', () => {
    const tools = ranked('server-github');
    const reads = tools.filter((tool) => /^(get|list|search)_/.test(tool.name)).map((tool) => tool.risk.rank);
    expect(reads).toHaveLength(14);
    for (const name of ['push_files', 'create_or_update_file', 'merge_pull_request']) {
      expect(rankOf(tools, name)).toBeLessThan(Math.min(...reads));
    }
  });

  it('an inferred effect is never presented as declared: the spec defaults still stand', () => {
    const merge = ranked('server-github').find((tool) => tool.name === 'merge_pull_request');
    expect(merge?.risk.inferred).toEqual({
      effect: 'destructive-write',
      word: 'merge',
      from: 'name',
      why: 'hints-absent',
    });
    expect(merge?.effective.destructiveHint).toEqual({ value: true, source: 'default' });
    const read = ranked('server-github').find((tool) => tool.name === 'get_issue');
    expect(read?.class).toBe('destructive-write');
    expect(read?.flags.map((flag) => flag.id)).toContain('unannotated');
  });
});

const flagIds = (tools: readonly ToolReport[], name: string): string[] =>
  tools.find((tool) => tool.name === name)?.flags.map((flag) => flag.id) ?? ['(not listed)'];

describe('what a reviewer expects (issue 35)', () => {
  it('desktop-commander: read_file and get_config run nothing, isUrl is no URL, start_process above read_file', () => {
    const tools = ranked('desktop-commander');
    for (const name of ['read_file', 'get_config']) expect(flagIds(tools, name)).not.toContain('executes-code');
    expect(flagIds(tools, 'read_file')).not.toContain('unrestricted-url');
    expect(rankOf(tools, 'start_process')).toBeLessThan(rankOf(tools, 'read_file'));
  });

  it('server-slack: posting and replying rank above the reaction', () => {
    const tools = ranked('server-slack');
    for (const name of ['slack_post_message', 'slack_reply_to_thread'])
      expect(rankOf(tools, name)).toBeLessThan(rankOf(tools, 'slack_add_reaction'));
  });

  it('@playwright/mcp: browser_run_code_unsafe ranks first', () => {
    expect(rankOf(ranked('playwright-mcp'), 'browser_run_code_unsafe')).toBe(1);
  });

  it('server-everything: get-env is in Read first, its reason the secrets it returns', () => {
    const first = readFirst({ tools: ranked('server-everything') }).tools;
    const env = first.find((tool) => tool.name === 'get-env');
    expect(env?.reason?.id).toBe('exposes-secrets');
  });

  it('server-github: issues, their lists and pull request comments carry untrusted-content', () => {
    const tools = ranked('server-github');
    for (const name of ['get_issue', 'list_issues', 'get_pull_request_comments'])
      expect(flagIds(tools, name), name).toContain('untrusted-content');
  });

  it("the triangle's external-write leg holds no get, list or search tool; its untrusted leg the readers", () => {
    const servers = ['server-github', 'server-slack', 'server-filesystem'].map((name) => ({
      name,
      report: { tools: ranked(name) } as unknown as Report,
    }));
    const triangle = sessionFindings(servers).find((finding) => finding.id === 'exfiltration-triangle');
    const writers = triangle?.legs?.externalWrite ?? [];
    expect(writers.map((ref) => ref.tool)).toEqual(expect.arrayContaining(['slack_post_message', 'push_files']));
    expect(writers.filter((ref) => /^(?:slack_)?(?:get|list|search)_/.test(ref.tool))).toEqual([]);
    expect(writers.find((ref) => ref.tool === 'push_files')?.inferred).toEqual({
      effect: 'destructive-write',
      word: 'push',
    });
    const untrusted = (triangle?.legs?.untrustedContent ?? []).map((ref) => ref.tool);
    expect(untrusted).toEqual(expect.arrayContaining(['get_issue', 'slack_get_channel_history']));
  });
});

describe('the recorded listings are what the published servers send today', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-corpus-'));
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });
  // @playwright/mcp lists its tools without a browser; it is listed live only inside a network
  // namespace of its own (unshare -rn), so that even a launch attempt could reach nothing.
  // Recorded-only servers (not dependencies of this project) are not listed again.
  const live = CORPUS_SERVERS.filter(
    (server) => server.installed !== false && (server.name !== 'playwright-mcp' || canIsolateNetwork()),
  );

  it('server-everything lists the four host-only tools only to a client that declares the host capabilities', async () => {
    const server = CORPUS_SERVERS.find((candidate) => candidate.name === 'server-everything');
    if (server === undefined) throw new Error('server-everything is not in the corpus');
    const bare = (await listTools(corpusServer(server, join(scratch, 'bare')), 20_000, {})) as { name: string }[];
    const recorded = (fixture('server-everything').tools as { name: string }[]).map((tool) => tool.name);
    expect(recorded.filter((name) => !bare.some((tool) => tool.name === name)).sort()).toEqual(HOST_ONLY);
    expect(bare).toHaveLength(13);
  }, 30_000);

  it.each(live.map((server) => [server.name, server] as const))(
    '%s',
    async (name, server) => {
      const recorded = fixture(name);
      const { version } = JSON.parse(
        readFileSync(join(ROOT, 'node_modules', server.package, 'package.json'), 'utf8'),
      ) as { version: string };
      expect(version).toBe(recorded.version);
      expect(await listTools(corpusServer(server, join(scratch, name)))).toEqual(recorded.tools);
    },
    30_000,
  );
});
