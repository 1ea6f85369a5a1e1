// The false alarms found by reading the corpus's descriptions (test/fixtures/corpus/*.json): for each
// published server, the signals that must NOT fire on a tool, each with the sentence that fired it and
// why a reviewer would not raise it. `signal/medium` means: not at medium or above (the signal may
// stay as a low cross-reference). Counted by countFalseSignals (test/corpus-signals.test.ts).
import type { ToolReport } from '../lib/core/report/tool-report';
import { SEVERITIES } from '../lib/core/severity';

export type NotFired = [tool: string, signal: string, why: string];

const FIELD_LIST = 'a field list of the configuration it returns, not something it runs';
const CROSS_REFERENCE = 'a cross-reference to another tool (documentation), no order to call it';
const TRUNCATED = 'its own output "may be truncated": nothing of the user is deleted';
const NEXT_TOOL_CALLS = '"before executing further tool calls": an instruction about the agent\'s next calls';

export const FALSE_SIGNALS: Record<string, NotFired[]> = {
  'playwright-mcp': [
    [
      'browser_network_requests',
      'mentions-other-tool/medium',
      `"Use browser_network_request with the number": ${CROSS_REFERENCE}`,
    ],
    [
      'browser_network_request',
      'mentions-other-tool/medium',
      `"Use the number from browser_network_requests": ${CROSS_REFERENCE}`,
    ],
    ['browser_take_screenshot', 'mentions-other-tool/medium', `"use browser_snapshot for actions": ${CROSS_REFERENCE}`],
    ['browser_drag', 'deletes-data', '"drag and drop": a mouse gesture'],
    ['browser_snapshot', 'executes-code', 'captures an accessibility snapshot; runs nothing'],
  ],
  'server-everything': [
    ['trigger-long-running-operation', 'executes-code', '"a long running operation": describes, does not run code'],
    ['get-roots-list', 'untrusted-content', 'the roots the client itself offered'],
    ['get-sum', 'untrusted-content', 'adds two numbers'],
  ],
  'server-filesystem': [
    ['read_file', 'mentions-other-tool/medium', `"DEPRECATED: Use read_text_file instead.": ${CROSS_REFERENCE}`],
    ['read_text_file', 'untrusted-content', "the user's own files: private data, not text from strangers"],
  ],
  'server-memory': [['read_graph', 'untrusted-content', "the user's own knowledge graph"]],
  'server-github': [
    ['search_code', 'executes-code', '"Search for code": searching code is not running it'],
    ['create_issue', 'untrusted-content', '"Create a new issue": a write, it returns what it made'],
  ],
  'server-slack': [
    ['slack_add_reaction', 'sends-local-files', 'an emoji reaction: no file'],
    ['slack_post_message', 'untrusted-content', '"Post a new message": a write, no reader'],
  ],
  'desktop-commander': [
    ['read_file', 'executes-code', '"reading … files directly without starting a shell command": negated'],
    ['read_file', 'unrestricted-url', 'isUrl is a boolean ("Read contents from files and URLs" is a mode switch)'],
    [
      'read_file',
      'mentions-other-tool/medium',
      `"edit_block with old_string/new_string", "use start_process with Python": ${CROSS_REFERENCE}`,
    ],
    [
      'get_config',
      'executes-code',
      `"blockedCommands (array of blocked shell commands) - defaultShell": ${FIELD_LIST}`,
    ],
    ['get_config', 'mentions-other-tool/medium', `"max lines for read_file": ${FIELD_LIST}`],
    [
      'set_config_value',
      'executes-code',
      '"from file operations and command execution to prevent security issues": a warning, not an act',
    ],
    ['set_config_value', 'mentions-other-tool/medium', `"max lines for read_file": ${FIELD_LIST}`],
    ['read_process_output', 'executes-code', '"Process finished execution": a status it reports'],
    [
      'read_process_output',
      'mentions-other-tool/medium',
      `"like read_file", "ready for interact_with_process": ${CROSS_REFERENCE}`,
    ],
    ['start_process', 'deletes-data', '"Rules: Remove drive letter/user prefix": how to write a path'],
    ['start_process', 'mentions-other-tool/medium', `"use read_process_output": ${CROSS_REFERENCE}`],
    [
      'interact_with_process',
      'mentions-other-tool/medium',
      `"commands started with start_process()": ${CROSS_REFERENCE}`,
    ],
    ['edit_block', 'deletes-data', '"common_prefix{-removed-}{+added+}": the format of a diff it shows'],
    ['edit_block', 'mentions-other-tool/medium', `"read_file with offset/length": ${CROSS_REFERENCE}`],
    ['write_file', 'mentions-other-tool/medium', `"Use 'write_pdf' for all PDF creation tasks": ${CROSS_REFERENCE}`],
    ['write_pdf', 'deletes-data', '"NEVER overwrite the original file": negated'],
    ['start_search', 'mentions-other-tool/medium', `"get_more_search_results", "stop_search": ${CROSS_REFERENCE}`],
    [
      'get_more_search_results',
      'mentions-other-tool/medium',
      `"Works like read_process_output", "started with start_search": ${CROSS_REFERENCE}`,
    ],
    ['stop_search', 'mentions-other-tool/medium', `"Similar to force_terminate": ${CROSS_REFERENCE}`],
    ['list_searches', 'mentions-other-tool/medium', `"Similar to list_sessions": ${CROSS_REFERENCE}`],
    ['get_prompts', 'executes-code', '"retrieve … an onboarding prompt by ID and execute it": a prompt, not code'],
  ],
  'chrome-devtools-mcp': [
    [
      'fill_form',
      'exposes-secrets',
      '"Example: Fill username, password": a form field it types into, nothing it returns',
    ],
    ['get_console_message', 'mentions-other-tool/medium', `"list_console_messages": ${CROSS_REFERENCE}`],
    ['get_css_styles', 'mentions-other-tool/medium', `"Requires a UID from take_snapshot": ${CROSS_REFERENCE}`],
    [
      'lighthouse_audit',
      'mentions-other-tool/medium',
      `"For performance audits, run performance_start_trace": ${CROSS_REFERENCE}`,
    ],
  ],
  notion: [['API-get-self', 'untrusted-content', "the integration's own bot user"]],
  context7: [['resolve-library-id', 'executes-code', 'resolves a library name to an id']],
  firecrawl: [
    ['firecrawl_search', 'deletes-data', '"excludeDomains to remove domains": a search filter'],
    ['firecrawl_monitor_check', 'deletes-data', '"status (same | new | changed | removed)": a status value it reports'],
    [
      'firecrawl_parse',
      'executes-code',
      '"Run the returned curl command locally": tells the agent; the tool runs nothing',
    ],
    [
      'firecrawl_parse',
      'exposes-secrets',
      '"calls /v2/parse server-side with your session credential": uses it, returns none',
    ],
    ['firecrawl_parse', 'mentions-other-tool/medium', `"Remote URLs (use firecrawl_scrape)": ${CROSS_REFERENCE}`],
    [
      'firecrawl_scrape',
      'mentions-other-tool/medium',
      `"Use firecrawl_map to find the correct page": ${CROSS_REFERENCE}`,
    ],
    [
      'firecrawl_feedback',
      'mentions-other-tool/medium',
      `"prefer firecrawl_search_feedback when available": ${CROSS_REFERENCE}`,
    ],
    [
      'firecrawl_agent_status',
      'mentions-other-tool/medium',
      `"after starting an agent with firecrawl_agent": ${CROSS_REFERENCE}`,
    ],
    [
      'firecrawl_monitor_create',
      'mentions-other-tool/medium',
      `"See firecrawl_monitor_check for the response shape": ${CROSS_REFERENCE}`,
    ],
  ],
  gitlab: [['search_repositories', 'executes-code', 'searches projects; runs nothing']],
  mongodb: [
    ['explain', 'executes-code', '"statistics describing the execution of the winning plan": what it reports'],
    [
      'list-knowledge-sources',
      'mentions-other-tool/medium',
      `"filter parameters to use in search-knowledge": ${CROSS_REFERENCE}`,
    ],
  ],
  sentry: [
    ['get_event_attachment', 'sends-local-files', '"attachments uploaded with an error report": it downloads them'],
    ['search_docs', 'sends-local-files', '"search_docs(query=\'source maps webpack upload\')": an example query'],
    [
      'get_sentry_resource',
      'deletes-data',
      '"the snapshot diff summary (changed, added, removed images)": what it returns',
    ],
    [
      'search_events',
      'mentions-other-tool/medium',
      '"Parse org/project notation directly without calling find_organizations": negated',
    ],
    ['create_project', 'mentions-other-tool/medium', '"DO NOT USE create_dsn after this": negated'],
    [
      'analyze_issue_with_seer',
      'mentions-other-tool/medium',
      '"Do NOT call this tool as an automatic follow-up to get_sentry_resource": negated',
    ],
    [
      'search_issue_events',
      'mentions-other-tool/medium',
      `"For cross-issue searches use search_issues": ${CROSS_REFERENCE}`,
    ],
  ],
  circleci: [
    ['get_build_failure_logs', 'deletes-data', TRUNCATED],
    ['find_flaky_tests', 'deletes-data', TRUNCATED],
    ['get_job_test_results', 'deletes-data', TRUNCATED],
    ['list_followed_projects', 'executes-code', NEXT_TOOL_CALLS],
    ['list_component_versions', 'executes-code', NEXT_TOOL_CALLS],
    [
      'download_usage_api_data',
      'executes-code',
      '"validate their tool calls … before execution": about the agent\'s call',
    ],
  ],
  'brave-search': [['brave_local_search', 'exposes-secrets', 'searches local businesses; no key returned']],
  postgres: [['query', 'deletes-data', '"Run a read-only SQL query": deletes nothing']],
};

/** Whether the label's signal fires on the tool (`id/medium`: at medium or above). */
export function fires(tool: Pick<ToolReport, 'flags'>, label: string): boolean {
  const [id, floor] = label.split('/');
  const worst = SEVERITIES.indexOf((floor ?? 'info') as (typeof SEVERITIES)[number]);
  return tool.flags.some((flag) => flag.id === id && SEVERITIES.indexOf(flag.severity) <= worst);
}

/** The labels that fire on a server's analysed tools (a label naming a tool the listing lacks counts). */
export function falseSignals(server: string, tools: readonly Pick<ToolReport, 'name' | 'flags'>[]): NotFired[] {
  return (FALSE_SIGNALS[server] ?? []).filter(([name, label]) => {
    const tool = tools.find((candidate) => candidate.name === name);
    return tool === undefined || fires(tool, label);
  });
}
