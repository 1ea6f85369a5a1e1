// The risk order on published servers, position by position, each with the reason a reviewer
// reading its description would give. The listings are the servers' real tools/list answers,
// recorded once under test/fixtures/corpus/ (scripts/record-corpus.mjs, versions pinned in
// package.json); the live check at the end lists each installed server again and fails when the
// fixture is no longer what it sends. Scores: severity, level, strongest signal, effect (risk.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTools } from '../lib/core/tool-analysis';
import { inRiskOrder } from '../lib/core/risk';
import type { ToolReport } from '../lib/core/tool-report';
import { HOST_CAPABILITIES as AUDIT_HOST_CAPABILITIES } from '../lib/core/capabilities/declared';
import {
  CORPUS_SERVERS,
  HOST_CAPABILITIES,
  canIsolateNetwork,
  corpusServer,
  listTools,
} from './fixtures/corpus/servers.mjs';
import { ROOT } from './helpers';

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

type Expected = [name: string, score: number, why: string];

const DESTRUCTIVE_NO_SIGNAL = 'declared destructive open-world write (high flag), nothing in its text: ties by name';
const PLAYWRIGHT: Expected[] = [
  // "Evaluate JavaScript expression on page or element": code the agent writes runs in the page.
  ['browser_evaluate', 4232, 'executes-code ("Evaluate JavaScript"), strength 3; before run_code_unsafe by name'],
  // "executes arbitrary JavaScript in the Playwright server process and is RCE-equivalent".
  ['browser_run_code_unsafe', 4232, 'executes-code ("run code"), strength 3'],
  // "Drop files or MIME-typed data onto an element", argument `paths`: local files handed to a page.
  ['browser_drop', 4222, 'sends-local-files ("Drop files", paths), strength 2; before file_upload by name'],
  // "Upload one or multiple files", argument `paths`.
  ['browser_file_upload', 4222, 'sends-local-files ("upload", paths), strength 2'],
  ['browser_navigate', 4212, 'unrestricted-url (url), strength 1'],
  // "List, create, close, or select a browser tab", with a url argument for the new tab.
  ['browser_tabs', 4212, 'unrestricted-url (url), strength 1'],
  ['browser_click', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_close', 4202, DESTRUCTIVE_NO_SIGNAL],
  // "Perform drag and drop between two elements": a mouse gesture, no deletion.
  ['browser_drag', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_emulate_media', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_fill_form', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_handle_dialog', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_hover', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_navigate_back', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_press_key', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_resize', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_select_option', 4202, DESTRUCTIVE_NO_SIGNAL],
  ['browser_type', 4202, DESTRUCTIVE_NO_SIGNAL],
  // Read-only tools whose text names another read-only tool ("Use browser_network_request with
  // the number…"): mentions-other-tool is a medium flag, it does not lift them to the writes.
  ['browser_network_request', 3020, 'read-only, names browser_network_requests (medium), strength 2'],
  ['browser_network_requests', 3020, 'read-only, names browser_network_request (medium), strength 2'],
  ['browser_take_screenshot', 3020, 'read-only, names browser_snapshot (medium), strength 2'],
  ['browser_console_messages', 2000, 'read-only, open world declared (low flag)'],
  ['browser_find', 2000, 'read-only, open world declared (low flag)'],
  ['browser_snapshot', 2000, 'read-only, open world declared (low flag)'],
  ['browser_wait_for', 2000, 'read-only, open world declared (low flag)'],
];

const HOST_ONLY = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-sampling-request',
  'trigger-url-elicitation',
];
// Listed as an audit lists by default, declaring the host capabilities (roots, sampling,
// elicitation): four tools are registered only for such a client (marked "host only").
const EVERYTHING: Expected[] = [
  // Declared additive and open-world; its `data` argument (format uri) fetches any URL.
  ['gzip-file-as-resource', 4111, 'open-world write (high), additive, unrestricted-url (data)'],
  // Host only. "Trigger a URL elicitation so the client can direct the user to a browser flow":
  // declared additive and open-world; its `url` (format uri, no pattern) is any page the user is
  // sent to. Ties with gzip-file-as-resource and follows it by name.
  ['trigger-url-elicitation', 4111, 'open-world write (high), additive, unrestricted-url (url)'],
  // Host only. "Trigger a Request from the Server for LLM Sampling": declared additive and
  // open-world (the prompt goes to the host's model); no argument or word carries a signal.
  ['trigger-sampling-request', 4101, 'open-world write (high), additive, no signal'],
  // "Returns all environment variables": the server's keys in front of the model. High, read-only.
  ['get-env', 4020, 'exposes-secrets ("environment variables"), a high flag on a read-only tool, strength 2'],
  ['simulate-research-query', 3101, 'declared additive write (medium), closed world, no signal'],
  ['toggle-simulated-logging', 3101, 'declared additive write (medium), closed world, no signal'],
  // "subscriber updates" is a noun: only the name's first two words can hold its verb.
  ['toggle-subscriber-updates', 3101, 'declared additive write (medium), closed world, no signal'],
  // Host only. "Trigger a Request from the Server for User Elicitation": asks the user a question
  // through the host; declared additive, closed world, no signal.
  ['trigger-elicitation-request', 3101, 'declared additive write (medium), closed world, no signal'],
  ['echo', 0, 'read-only, closed world, nothing in its text'],
  ['get-annotated-message', 0, 'read-only, closed world, nothing in its text'],
  ['get-resource-links', 0, 'read-only, closed world, nothing in its text'],
  ['get-resource-reference', 0, 'read-only, closed world, nothing in its text'],
  // Host only. "Lists the current MCP roots provided by the client": hands back what the client
  // offered (an audit offers one empty folder); reads no file.
  ['get-roots-list', 0, 'read-only, closed world, nothing in its text'],
  ['get-structured-content', 0, 'read-only, closed world, nothing in its text'],
  ['get-sum', 0, 'read-only, closed world, nothing in its text'],
  ['get-tiny-image', 0, 'read-only, closed world, nothing in its text'],
  // "long-running" describes the operation: not the verb "run".
  ['trigger-long-running-operation', 0, 'read-only, closed world, nothing in its text'],
];

// server-github 2025.4.8 sends no annotations: every tool is a destructive open-world write by the
// spec defaults (4 2 . .), no text carries a signal, and the effect inferred from the name orders them.
const INFERRED_DESTRUCTIVE = 'no annotations; inferred from its name: changes what exists (destructive effect)';
const INFERRED_WRITE = 'no annotations; inferred from its name: adds something (write)';
const INFERRED_READ = 'no annotations; inferred from its name: a read';
const GITHUB: Expected[] = [
  // "Create or update a single file": the stronger verb of the pair, update, overwrites.
  ['create_or_update_file', 4202, `${INFERRED_DESTRUCTIVE} ("update")`],
  ['merge_pull_request', 4202, `${INFERRED_DESTRUCTIVE} ("merge")`],
  ['push_files', 4202, `${INFERRED_DESTRUCTIVE} ("push": a commit onto a branch)`],
  ['update_issue', 4202, `${INFERRED_DESTRUCTIVE} ("update")`],
  ['update_pull_request_branch', 4202, `${INFERRED_DESTRUCTIVE} ("update")`],
  ['add_issue_comment', 4201, `${INFERRED_WRITE} ("add")`],
  ['create_branch', 4201, `${INFERRED_WRITE} ("create")`],
  ['create_issue', 4201, `${INFERRED_WRITE} ("create")`],
  ['create_pull_request', 4201, `${INFERRED_WRITE} ("create")`],
  ['create_pull_request_review', 4201, `${INFERRED_WRITE} ("create")`],
  ['create_repository', 4201, `${INFERRED_WRITE} ("create")`],
  ['fork_repository', 4201, `${INFERRED_WRITE} ("fork")`],
  ['get_file_contents', 4200, `${INFERRED_READ} ("get")`],
  ['get_issue', 4200, `${INFERRED_READ} ("get")`],
  ['get_pull_request', 4200, `${INFERRED_READ} ("get")`],
  // "comments" is a noun here: the name's first verb, get, decides.
  ['get_pull_request_comments', 4200, `${INFERRED_READ} ("get")`],
  ['get_pull_request_files', 4200, `${INFERRED_READ} ("get")`],
  ['get_pull_request_reviews', 4200, `${INFERRED_READ} ("get")`],
  ['get_pull_request_status', 4200, `${INFERRED_READ} ("get")`],
  ['list_commits', 4200, `${INFERRED_READ} ("list")`],
  ['list_issues', 4200, `${INFERRED_READ} ("list")`],
  ['list_pull_requests', 4200, `${INFERRED_READ} ("list")`],
  // "Search for code across GitHub repositories": searching code is not running it.
  ['search_code', 4200, `${INFERRED_READ} ("search")`],
  ['search_issues', 4200, `${INFERRED_READ} ("search")`],
  ['search_repositories', 4200, `${INFERRED_READ} ("search")`],
  ['search_users', 4200, `${INFERRED_READ} ("search")`],
];

// server-slack 2025.4.25 sends no annotations either.
const SLACK: Expected[] = [
  ['slack_add_reaction', 4201, `${INFERRED_WRITE} ("add"); before post by name`],
  ['slack_post_message', 4201, `${INFERRED_WRITE} ("post": a message in a channel, as the bot)`],
  ['slack_reply_to_thread', 4201, `${INFERRED_WRITE} ("reply")`],
  ['slack_get_channel_history', 4200, `${INFERRED_READ} ("get")`],
  ['slack_get_thread_replies', 4200, `${INFERRED_READ} ("get")`],
  ['slack_get_user_profile', 4200, `${INFERRED_READ} ("get")`],
  ['slack_get_users', 4200, `${INFERRED_READ} ("get")`],
  ['slack_list_channels', 4200, `${INFERRED_READ} ("list")`],
];

const MEMORY: Expected[] = [
  ['delete_entities', 4212, 'declared destructive write (high), deletes-data ("Delete"), strength 1'],
  ['delete_observations', 4212, 'declared destructive write (high), deletes-data ("Delete"), strength 1'],
  ['delete_relations', 4212, 'declared destructive write (high), deletes-data ("Delete"), strength 1'],
  ['add_observations', 3101, 'declared additive write (medium), closed world'],
  ['create_entities', 3101, 'declared additive write (medium), closed world'],
  ['create_relations', 3101, 'declared additive write (medium), closed world'],
  ['open_nodes', 0, 'read-only, closed world'],
  ['read_graph', 0, 'read-only, closed world'],
  ['search_nodes', 0, 'read-only, closed world'],
];

describe.each<[string, Expected[]]>([
  ['playwright-mcp', PLAYWRIGHT],
  ['server-everything', EVERYTHING],
  ['server-github', GITHUB],
  ['server-slack', SLACK],
  ['server-memory', MEMORY],
])('risk order of %s (recorded listing)', (server, expected) => {
  const tools = ranked(server);

  it('the table names every listed tool once', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual(expected.map(([name]) => name).sort());
  });

  it.each(expected.map(([name, score, why], i) => [i + 1, name, score, why] as const))(
    '#%i %s (%i): %s',
    (rank, name, score) => {
      const tool = tools.find((candidate) => candidate.name === name);
      expect({ rank: tool?.risk.rank, score: tool?.risk.score }).toEqual({ rank, score });
    },
  );
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

  it('server-everything: listed as an audit lists it (host capabilities), 17 tools', () => {
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

describe('the recorded listings are what the published servers send today', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-corpus-'));
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });
  // @playwright/mcp lists its tools without a browser; it is listed live only inside a network
  // namespace of its own (unshare -rn), so that even a launch attempt could reach nothing.
  const live = CORPUS_SERVERS.filter((server) => server.name !== 'playwright-mcp' || canIsolateNetwork());

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
