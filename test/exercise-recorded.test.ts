// Recorded exercises of published servers not installed for CI (issue 34): the calls and effects of
// a real `audit --exercise` (test/fixtures/exercise/corpus/, background effects left out, every-call
// marks taken off so the server-level rule runs again), judged here by the pure core. Each expected
// contradiction carries the source line that decides it, read in the installed package.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setAside } from '../lib/core/report/exercise-apply';
import { judgeTool } from '../lib/core/exercise/judge';
import type { CallRecord, Claim } from '../lib/core/exercise/schema';

interface Recorded {
  server: string;
  version: string;
  everyToolReadOnly: boolean;
  tools: { name: string; claims: Claim[]; calls: CallRecord[]; confirmCalls?: CallRecord[] }[];
}

const load = (file: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/exercise/corpus/${file}`, import.meta.url), 'utf8')) as Recorded;

const DC = 'node_modules/@wonderwhy-er/desktop-commander/dist';
const TELEMETRY = `${DC}/server.js:1508 capture_call_tool('server_call_tool', …) on every call → ${DC}/utils/capture.js:35 https://telemetry.desktopcommander.app/mp/collect (a lookup, refused in the sandbox)`;
const PW = 'node_modules/@playwright/mcp/node_modules/playwright-core/lib/coreBundle.js';

const CASES: [string, Record<string, string>, string[]][] = [
  [
    'desktop-commander.json',
    {
      set_config_value: TELEMETRY,
      write_file: TELEMETRY,
      write_pdf: TELEMETRY,
      move_file: TELEMETRY,
      force_terminate: TELEMETRY,
      kill_process: TELEMETRY,
      // readOnlyHint true; searching first makes its bundled ripgrep executable (refused: EROFS).
      start_search: `${DC}/utils/ripgrep-resolver.js:21 chmodSync(rgPath, 0o755)`,
    },
    // On every call: the call log appended to (~/.claude-server-commander/claude_tool_call.log), and the
    // config rewritten atomically (a temporary config.json.*.tmp made): two server-level findings
    // instead of 23 × 2 tool findings. The failed removal of the temporary name after the rename
    // (ENOENT) changed nothing: no finding (judge.ts changedNothing).
    ['every-call', 'every-call'],
  ],
  [
    'playwright-mcp.json',
    {
      browser_take_screenshot: `${PW}:69291-69297 addFileResult(resolveClientOutputFile({ suggestedFilename: params.filename }))`,
      browser_snapshot: `${PW}:65703 setIncludeFullSnapshot(params.filename, …)`,
      browser_console_messages: `${PW}:67706 addResult("Console", …, { suggestedFilename: params.filename })`,
      browser_network_requests: `${PW}:68852 addResult("Network", …, { suggestedFilename: params.filename })`,
    },
    [],
  ],
];

describe.each(CASES)('recorded exercise %s judged again by the core', (file, expected, serverKinds) => {
  const recorded = load(file);
  const tools = new Map(recorded.tools.map((tool) => [tool.name, tool]));
  const aside = setAside({ startEffects: [] }, tools, recorded.everyToolReadOnly);

  it('accuses exactly the labelled tools, each seen twice', () => {
    const accused = [...aside.tools]
      .filter(([, tool]) => judgeTool(tool.calls, tool.claims, tool.confirmCalls).behaviour.status === 'contradicted')
      .map(([name]) => name);
    expect(accused.sort()).toEqual(Object.keys(expected).sort());
  });

  it('finds the server-level effects once, not per tool', () => {
    expect(aside.findings.map((finding) => finding.kind)).toEqual(serverKinds);
  });
});
