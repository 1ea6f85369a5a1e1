// The labelled corpus's data (issue 34): each published server exercised live by
// test/exercise-corpus.test.ts, how it is started, the expected verdict of every accused tool with
// the source line (in the installed package) that decides it, and the tools that must end with a
// given status. Every tool not listed as contradicted must not be contradicted. The time after each
// server is its exercise on this 2-core machine (`time` of the CLI run, two runs).
import { join } from 'node:path';
import { ROOT } from '../helpers';

export interface Labelled {
  server: string;
  command: string[];
  /** CLI arguments right after `--exercise` (a mode such as `all`, `--env`). */
  extra?: string[];
  /** Tool → why it is a lie, with the source line that decides it. Every other tool: not contradicted. */
  contradicted: Record<string, string>;
  /** Tools that must end clean (called, succeeded, nothing contradicted). */
  clean?: string[];
  /** Tools that must end with this status, with the reason in a comment. */
  status?: Record<string, 'not-exercised' | 'observed' | 'inconclusive'>;
  /** Substrings each naming one server-level every-call finding that must be there. */
  everyCall?: string[];
  needs?: string;
}

export const CHROMIUM = '/usr/bin/chromium';
const module = (path: string) => join(ROOT, 'node_modules', path);
const PLAYWRIGHT_CORE = 'node_modules/@playwright/mcp/node_modules/playwright-core/lib/coreBundle.js';
const FC = 'node_modules/firecrawl-mcp/dist/index.js';
/** The documented fixed-vendor-host rule (docs/exercise.md): a vendor's API is still the open world. */
const FC_VENDOR = `the vendor's API (${FC}:780 and :3569 https://api.firecrawl.dev; a fixed vendor host still counts)`;
const EXA = 'node_modules/exa-mcp-server/dist/stdio.cjs';
/** Every tool exa-mcp-server 3.4.1 registers (dist/stdio.cjs:45214 TOOL_REGISTRY; 3 by default). */
const EXA_TOOLS = [
  'web_search_exa',
  'web_search_advanced_exa',
  'get_code_context_exa',
  'company_research_exa',
  'web_fetch_exa',
  'deep_researcher_start',
  'deep_researcher_check',
  'people_search_exa',
  'linkedin_search_exa',
  'deep_search_exa',
  'crawling_exa',
  'agent_run',
];
const ALL_FAIL = (names: string[]) => Object.fromEntries(names.map((name) => [name, 'not-exercised' as const]));

export const CORPUS: Labelled[] = [
  {
    server: 'server-memory (default store beside its code, read-only in the sandbox)',
    command: [module('@modelcontextprotocol/server-memory/dist/index.js')],
    // dist/index.js saveGraph: writes `${path}.${random}.tmp` then renames it; on EROFS it unlinks the
    // temporary file it failed to make: no deletion of anything that existed.
    contradicted: {},
  },
  {
    server: 'server-memory (writable MEMORY_FILE_PATH)',
    command: [module('@modelcontextprotocol/server-memory/dist/index.js')],
    extra: ['--env', 'MEMORY_FILE_PATH=/tmp/work/memory.jsonl'],
    // The same atomic rewrite of a store this run made: its own file, additive by the spec's meaning.
    contradicted: {},
    clean: ['read_graph', 'search_nodes', 'open_nodes', 'create_entities'],
  },
  {
    server: 'server-filesystem',
    command: [module('@modelcontextprotocol/server-filesystem/dist/index.js'), '.'],
    // The read tools only read (dist/lib.js readFileContent, getFileStats); get_file_info now runs
    // before move_file (read-only tools first), so it finds the sample.
    contradicted: {},
    clean: ['read_text_file', 'list_directory', 'get_file_info', 'search_files', 'directory_tree'],
  },
  {
    server: 'server-everything',
    command: [module('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    contradicted: {},
  },
  {
    server: '@playwright/mcp (system Chromium, headless)',
    command: [
      module('@playwright/mcp/cli.js'),
      '--headless',
      '--browser',
      'chromium',
      '--executable-path',
      CHROMIUM,
      '--no-sandbox',
    ],
    needs: CHROMIUM,
    // readOnlyHint true, yet each writes where its optional `filename` says (response.addFileResult →
    // fs.promises.writeFile in _writeFile, coreBundle.js:67239). The browser's own profile writes
    // (~/.cache/ms-playwright-mcp/...) are background, no tool's.
    contradicted: {
      browser_take_screenshot: `${PLAYWRIGHT_CORE}:69291-69297 resolveClientOutputFile({ suggestedFilename: params.filename }) then addFileResult(resolvedFile, data)`,
      browser_snapshot: `${PLAYWRIGHT_CORE}:65703 setIncludeFullSnapshot(params.filename, …) writes the snapshot to the file`,
      browser_console_messages: `${PLAYWRIGHT_CORE}:67706 addResult("Console", text, { suggestedFilename: params.filename })`,
      browser_network_requests: `${PLAYWRIGHT_CORE}:68852 addResult("Network", lines, { suggestedFilename: params.filename })`,
    },
  },
  {
    // 2026.8.31, 1.4 s. Its one tool claims read-only and closed world and keeps the thoughts in memory
    // (dist/lib.js:50 console.error(formattedThought): stderr only).
    server: '@modelcontextprotocol/server-sequential-thinking',
    command: [module('@modelcontextprotocol/server-sequential-thinking/dist/index.js')],
    contradicted: {},
    clean: ['sequentialthinking'],
  },
  {
    // 2025.4.8 (server 0.6.2), 4.3 s with `all`: no tool has hints (nothing to check by default), every
    // call fails without a token and a network (dist/common/utils.js:28, api.github.com): a failed
    // call is never an accusation.
    server: '@modelcontextprotocol/server-github (no hints, no token: `all`)',
    command: [module('@modelcontextprotocol/server-github/dist/index.js')],
    extra: ['all'],
    contradicted: {},
    status: ALL_FAIL(['search_repositories', 'get_file_contents', 'list_issues', 'create_issue', 'fork_repository']),
  },
  {
    // 2025.4.25, 1.5 s with `all`: no hints; a fake token (dist/index.js:270 exits without one). Its
    // handler returns a failed fetch as an ordinary result (dist/index.js:376-386), so the calls are
    // "ok" and observed: no claim to check.
    server: '@modelcontextprotocol/server-slack (no hints, fake token: `all`)',
    command: [module('@modelcontextprotocol/server-slack/dist/index.js')],
    extra: ['all', '--env', 'SLACK_BOT_TOKEN=xoxb-hintcheck-fake', '--env', 'SLACK_TEAM_ID=T0HINTCHECK'],
    contradicted: {},
    status: { slack_list_channels: 'observed', slack_post_message: 'observed', slack_get_users: 'observed' },
  },
  {
    // 2025.4.25 (server 0.5.1), 1.6 s with `all`: no hints; a fake token (dist/index.js:19 exits
    // without one); every call fails on gitlab.com (dist/index.js:18).
    server: '@modelcontextprotocol/server-gitlab (no hints, fake token: `all`)',
    command: [module('@modelcontextprotocol/server-gitlab/dist/index.js')],
    extra: ['all', '--env', 'GITLAB_PERSONAL_ACCESS_TOKEN=glpat-hintcheck-fake'],
    contradicted: {},
    status: ALL_FAIL(['search_repositories', 'get_file_contents', 'create_issue', 'create_branch']),
  },
  {
    // 0.6.2, 0.8 s with `all`: no hints; a fake key. brave_web_search fails on the network;
    // brave_local_search fails on the fetch or on its own one-per-second limit (dist/index.js:82-90),
    // whichever the timing gives: not exercised either way.
    server: '@modelcontextprotocol/server-brave-search (no hints, fake key: `all`)',
    command: [module('@modelcontextprotocol/server-brave-search/dist/index.js')],
    extra: ['all', '--env', 'BRAVE_API_KEY=hintcheck-fake'],
    contradicted: {},
    status: ALL_FAIL(['brave_web_search', 'brave_local_search']),
  },
  {
    // 3.26.0, 29-37 s. Nine tools claim `openWorldHint: false` and call the vendor's API; by the
    // documented rule that is the open world (docs/exercise.md "Judge rules"), contested as harm.
    // firecrawl_parse (closed world) refuses before any request without FIRECRAWL_API_URL
    // (index.js:4422-4425): not exercised, a lie missed.
    server: 'firecrawl-mcp (fake key)',
    command: [module('firecrawl-mcp/dist/index.js')],
    extra: ['--env', 'FIRECRAWL_API_KEY=fc-hintcheck-fake'],
    contradicted: {
      firecrawl_find_tools: `${FC}:3530 getClient(session).http.get("/exchange/discover") → ${FC_VENDOR}`,
      firecrawl_check_crawl_status: `${FC}:4097 getCrawlStatusWithOrigin(client, id, …) → ${FC_VENDOR}`,
      firecrawl_agent_status: `${FC}:4272 client.http.get(…) → ${FC_VENDOR}`,
      firecrawl_interact_stop: `${FC}:4388 client.http.delete(…) → ${FC_VENDOR}`,
      firecrawl_monitor_list: `${FC}:972 monitorRequest(…, "/monitor") → ${FC}:794 \`\${baseUrl}/v2\${path}\`, ${FC_VENDOR}`,
      firecrawl_monitor_get: `${FC}:1001 monitorRequest(…) → ${FC_VENDOR}`,
      firecrawl_monitor_checks: `${FC}:1119 monitorRequest(…) → ${FC_VENDOR}`,
      firecrawl_monitor_check: `${FC}:1154 monitorRequest(…) → ${FC_VENDOR}`,
      firecrawl_credit_usage: `${FC}:1519 getClient2(session), :1535 client.http.get(…) → ${FC_VENDOR}`,
    },
    status: { firecrawl_parse: 'not-exercised' },
  },
  {
    // 3.4.1, 9.2 s (twice), every tool enabled (ENABLED_TOOLS, dist/stdio.cjs:45609; a fake key makes the
    // key-only tools register, :45390). The bundle writes no file (no writeFile, appendFile or
    // mkdir in it), so its read-only claims hold. web_search_advanced_exa alone claims a closed
    // world and posts the search to the vendor's API; every tools/call also goes through agnost's
    // wrapper (:40322, recordEvent :40339, endpoint https://api.agnost.ai :45568), open world for
    // the others (claimed true, or unset: the spec's default).
    // Every other call fails offline ("fetch failed"); agent_run's generated arguments (neither
    // query nor runId) are refused (:45099): not exercised, and no lie is known in them.
    server: 'exa-mcp-server (fake key, every tool enabled)',
    command: [module('exa-mcp-server/dist/stdio.cjs')],
    extra: ['--env', 'EXA_API_KEY=hintcheck-fake', '--env', `ENABLED_TOOLS=${EXA_TOOLS.join(',')}`],
    contradicted: {
      web_search_advanced_exa: `${EXA}:44137 openWorldHint: false, yet :44216 exa.request("/search", "POST", …) → :42310 fetch(this.baseURL + endpoint), :42252 baseURL "https://api.exa.ai" (a fixed vendor host still counts)`,
    },
    status: ALL_FAIL(EXA_TOOLS.filter((name) => name !== 'web_search_advanced_exa')),
  },
  {
    // 4.1.1, 1.5 s (twice), no key (optional, dist/index.js:530). Both tools claim read-only and the open world
    // (dist/index.js:198-203, 248-253) and fetch context7.com (dist/lib/api.js:111, 141); the
    // package writes no file (no writeFile, appendFile or mkdir in dist; its OpenTelemetry
    // metrics stay in memory over stdio, index.js:271-272). A failed fetch comes back as an
    // ordinary result (api.js:122-125, 157-160), so the calls succeed: clean.
    server: '@upstash/context7-mcp (no key)',
    command: [module('@upstash/context7-mcp/dist/index.js')],
    contradicted: {},
    clean: ['resolve-library-id', 'query-docs'],
  },
  {
    // 1.11.0, 24-29 s (twice, after the fix; 49-53 s before, when wait_for's 10 s timeout and the
    // re-runs it caused came on top). Its checkable tools only claim read-only and only read. The
    // browser is launched by the first call that needs a page (index.js:196 ensureBrowser) into
    // ~/.cache/chrome-devtools-mcp/chrome-profile (BrowserManager.js:233), which the browser then
    // writes on in later calls (wait_for, open 10 s, was accused once of its profile's writes):
    // a program an earlier call started, its folder's writes background (attribute.ts).
    // --no-page-id-routing: the generated pageId reaches no page otherwise ("No page found").
    server: 'chrome-devtools-mcp (system Chromium, headless)',
    command: [
      module('chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js'),
      '--headless',
      '--executablePath',
      CHROMIUM,
      '--chromeArg=--no-sandbox',
      '--no-page-id-routing',
    ],
    needs: CHROMIUM,
    contradicted: {},
    clean: ['list_console_messages', 'list_network_requests', 'list_pages'],
    // The first call launches the browser (index.js:196 ensureBrowser), whose start makes the profile
    // (BrowserManager.js:230 chrome-profile) in that call: looked contradicted, and not again when
    // re-run after a warm-up call that launched it: inconclusive. Since ids are reused (reuse.ts),
    // get_console_message is called after list_console_messages (tools are listed alphabetically,
    // tools.js:52), so the first call is get_css_styles. The blank page lists no message
    // (McpResponse.js:1118 "<no console messages found>"), so msgid 0 is sent as generated, and
    // McpResponse.js:353 `if (!this.#attachedConsoleMessageId) return undefined`: ok, clean, though
    // it reached no message (not asserted: nothing was checked beyond a read).
    status: { get_css_styles: 'inconclusive' },
  },
];
