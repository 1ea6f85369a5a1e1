// The first five of the risk order on each published server of the corpus (test/fixtures/corpus/),
// each with the reason a reviewer reading its description gives, and the score (severity, level,
// strongest signal, effect tier: lib/core/report/risk.ts). Held by test/corpus-risk.test.ts.

export type Expected = [name: string, score: number, why: string];

const UNANNOTATED = 'no annotations (spec defaults: a destructive open-world write, high)';
const NOTION = 'destructiveHint declared, the rest by default (a destructive open-world write, high)';

export const TOP_FIVE: Record<string, Expected[]> = {
  'playwright-mcp': [
    // "Unsafe: executes arbitrary JavaScript in the Playwright server process and is RCE-equivalent".
    ['browser_run_code_unsafe', 4294, 'executes-code of anything ("arbitrary JavaScript"), strength 9: first'],
    // "Evaluate JavaScript expression on page or element": code of a stated kind, in the page.
    ['browser_evaluate', 4274, 'executes-code of a stated kind ("Evaluate JavaScript"), strength 7'],
    // "Drop files or MIME-typed data onto an element", argument `paths`: local files handed to a page.
    ['browser_drop', 4264, 'sends-local-files ("Drop files", paths), strength 6; before file_upload by name'],
    ['browser_file_upload', 4264, 'sends-local-files ("Upload", paths), strength 6'],
    ['browser_navigate', 4234, 'unrestricted-url (url), strength 3; before browser_tabs by name'],
  ],
  'server-everything': [
    // "Returns all environment variables": the server's keys in front of the model (issue 35: it
    // was #4, outside Read first).
    ['get-env', 4280, 'exposes-secrets returned (strength 8) lifts a read-only tool to the writes'],
    // Declared additive and open-world; its `data` argument (format uri) fetches any URL.
    ['gzip-file-as-resource', 4132, 'open-world write (high), additive, unrestricted-url (data)'],
    // Host only: "direct the user to a browser flow" with any `url`.
    ['trigger-url-elicitation', 4132, 'open-world write (high), additive, unrestricted-url (url)'],
    // Host only: "a Request from the Server for LLM Sampling": the prompt goes to the host's model.
    ['trigger-sampling-request', 4102, 'open-world write (high), additive, no signal'],
    // "Simulates a deep research operation": declared additive, closed world.
    ['simulate-research-query', 3102, 'declared additive write (medium), no signal; first by name'],
  ],
  'server-filesystem': [
    // "Create a new file or completely overwrite an existing file".
    ['write_file', 4224, 'declared destructive (high), deletes-data ("overwrite"), strength 2'],
    ['edit_file', 4204, 'declared destructive (high), "Make line-based edits", no signal'],
    ['move_file', 4204, 'declared destructive (high), "Move or rename files", no signal'],
    ['create_directory', 3102, 'declared additive write (medium), creates'],
    // "DEPRECATED: Use read_text_file instead.": a cross-reference, low, lifts nothing.
    ['read_file', 2000, 'read-only, a low cross-reference (mentions-other-tool)'],
  ],
  'server-memory': [
    ['delete_entities', 4224, 'declared destructive (high), deletes-data ("Delete"), strength 2'],
    ['delete_observations', 4224, 'declared destructive (high), deletes-data ("Delete"), strength 2'],
    ['delete_relations', 4224, 'declared destructive (high), deletes-data ("Delete"), strength 2'],
    ['add_observations', 3102, 'declared additive write (medium), closed world'],
    ['create_entities', 3102, 'declared additive write (medium), closed world'],
  ],
  'server-github': [
    // "Add a comment to an existing issue": text published under the user's name, where anyone
    // reading the repository sees it (the path private data left by in the GitHub MCP attack).
    ['add_issue_comment', 4205, `${UNANNOTATED}; a comment goes out to others (tier 5)`],
    ['merge_pull_request', 4205, `${UNANNOTATED}; "merge" publishes a branch (tier 5)`],
    ['push_files', 4205, `${UNANNOTATED}; "push" sends commits out (tier 5)`],
    // "Create or update a single file": the stronger verb of the pair, update.
    ['create_or_update_file', 4203, `${UNANNOTATED}; "update" changes what exists (tier 3)`],
    ['update_issue', 4203, `${UNANNOTATED}; "update" (tier 3)`],
  ],
  'server-slack': [
    // "Post a new message to a Slack channel": the exfiltration path, first (issue 35: it was
    // below slack_add_reaction by name).
    ['slack_post_message', 4205, `${UNANNOTATED}; "post" a message goes out (tier 5)`],
    ['slack_reply_to_thread', 4205, `${UNANNOTATED}; "reply" goes out (tier 5)`],
    // "Add a reaction emoji to a message": a mark.
    ['slack_add_reaction', 4201, `${UNANNOTATED}; a reaction is a mark (tier 1)`],
    // "Get recent messages from a channel": text anyone in the channel wrote.
    ['slack_get_channel_history', 4200, `${UNANNOTATED}; a read, untrusted-content; more signals first`],
    ['slack_get_thread_replies', 4200, `${UNANNOTATED}; a read, untrusted-content`],
  ],
  'desktop-commander': [
    // "Send input to an existing terminal or REPL process": commands on the host.
    ['interact_with_process', 4294, 'declared destructive, executes-code of anything (a shell), strength 9'],
    // "Start a terminal process … Suitable for shell commands" (issue 35: read_file led).
    ['start_process', 4294, 'declared destructive, executes-code of anything ("Start a terminal process")'],
    ['edit_block', 4204, 'declared destructive, "Apply surgical edits to files"; a low cross-reference'],
    // "Setting allowedDirectories to an empty array ([]) allows full access to the entire file
    // system": it rewrites the server's own guard rails (issue 35: it was #6).
    ['set_config_value', 4204, 'declared destructive, rewrites the guard rails; a low cross-reference'],
    ['write_file', 4204, 'declared destructive, "Write or append to file contents"; a low cross-reference'],
  ],
  'chrome-devtools-mcp': [
    // "Evaluate JavaScript inside the target page".
    ['evaluate_script', 4274, `${UNANNOTATED}; executes-code of a stated kind, strength 7`],
    // "Upload a file through a provided element", argument filePath.
    ['upload_file', 4265, `${UNANNOTATED}; sends-local-files, strength 6; "upload" sends out (tier 5)`],
    ['navigate_page', 4234, 'declared destructive open-world; unrestricted-url (url)'],
    ['new_page', 4234, 'declared destructive open-world; unrestricted-url (url)'],
    // "For performance audits, run performance_start_trace": a pointer, strength 0; before click by signals.
    ['lighthouse_audit', 4204, 'declared destructive open-world; a low cross-reference, first of the no-signal tie'],
  ],
  notion: [
    // Declares destructiveHint only (readOnlyHint absent): the effect is inferred from the HTTP-method
    // names (API-delete-…, API-patch-…).
    ['API-delete-a-block', 4224, `${NOTION}; deletes-data ("Delete a block"), strength 2`],
    // "Create comment": text others in the workspace read (tier 5, as a comment goes out).
    ['API-create-a-comment', 4205, `${NOTION}; a comment goes out to others (tier 5)`],
    ['API-move-page', 4203, `${NOTION}; "move" changes what exists (tier 3)`],
    ['API-patch-block-children', 4203, `${NOTION}; "patch" (tier 3)`],
    ['API-patch-page', 4203, `${NOTION}; "patch" (tier 3)`],
  ],
  context7: [
    // "Retrieves and queries up-to-date documentation": documentation others publish, read-only.
    ['query-docs', 2000, 'read-only open-world (low), untrusted-content ("docs")'],
    ['resolve-library-id', 2000, 'read-only open-world (low), no signal'],
  ],
  firecrawl: [
    ['firecrawl_monitor_delete', 4224, 'declared destructive (high), deletes-data ("Delete"), strength 2'],
    ['firecrawl_interact_stop', 4204, 'declared destructive (high), "Stop interact session"'],
    ['firecrawl_monitor_update', 4204, 'declared destructive (high), "Update monitor"'],
    // "- code: Code to execute in the browser session" (bash, python or node), declared additive.
    ['firecrawl_interact', 4172, 'declared additive open-world write; executes-code ("Code to execute"), strength 7'],
    // Tied with firecrawl_crawl (4132: additive open-world write, unrestricted-url), ahead by one more
    // signal: "you should always default to using this tool for any web scraping needs" asks the model
    // to prefer it over any other scraper the user has (preference-manipulation, low; issue 46).
    [
      'firecrawl_scrape',
      4132,
      'declared additive open-world write; unrestricted-url; preference-manipulation ("always default to using this tool")',
    ],
  ],
  gitlab: [
    ['push_files', 4205, `${UNANNOTATED}; "push" sends commits out (tier 5)`],
    ['create_or_update_file', 4203, `${UNANNOTATED}; "update" (tier 3)`],
    ['create_branch', 4202, `${UNANNOTATED}; "create" (tier 2)`],
    ['create_issue', 4202, `${UNANNOTATED}; "create" (tier 2)`],
    ['create_merge_request', 4202, `${UNANNOTATED}; "create" (tier 2)`],
  ],
  mongodb: [
    ['delete-many', 4224, 'declared destructive (high), deletes-data ("delete")'],
    ['drop-collection', 4224, 'declared destructive (high), deletes-data ("drop collection")'],
    ['drop-database', 4224, 'declared destructive (high), deletes-data ("drop database")'],
    ['drop-index', 4224, 'declared destructive (high), deletes-data ("drop index")'],
    ['rename-collection', 4204, 'declared destructive (high), "Renames a collection"'],
  ],
  sentry: [
    // regionUrl (a string or null, no pattern): where the server sends its requests, and its token.
    ['update_issue', 4234, 'declared destructive open-world; unrestricted-url (regionUrl, issueUrl)'],
    ['update_project', 4234, 'declared destructive open-world; unrestricted-url (regionUrl)'],
    ['analyze_issue_with_seer', 4132, 'declared additive open-world; unrestricted-url; more signals first'],
    ['create_dsn', 4132, 'declared additive open-world; unrestricted-url (regionUrl)'],
    ['create_project', 4132, 'declared additive open-world; unrestricted-url (regionUrl)'],
  ],
  circleci: [
    // Declared destructiveHint only; "Downloads usage data … to outputDir".
    ['download_usage_api_data', 4204, 'declared destructive, no verb of the table in its name'],
    ['rerun_workflow', 4204, 'declared destructive, "rerun a workflow"'],
    // "This tool triggers a new CircleCI pipeline".
    ['run_pipeline', 4204, 'declared destructive; "run" (tier 4)'],
    ['run_rollback_pipeline', 4204, 'declared destructive; "run" (tier 4)'],
    // "helps analyze and validate … CircleCI configuration files": a read inferred from its words.
    ['config_helper', 4200, `${UNANNOTATED}; inferred read ("analyze")`],
  ],
  'brave-search': [
    // "Performs a web search using the Brave Search API": pages others write.
    ['brave_web_search', 4200, `${UNANNOTATED}; a read, untrusted-content ("web search")`],
    ['brave_local_search', 4200, `${UNANNOTATED}; a read`],
  ],
  postgres: [['query', 4270, `${UNANNOTATED}; executes-code of a stated kind ("Run a read-only SQL query")`]],
};
