import { describe, expect, it } from 'vitest';
import { SIGNAL_FINDING_DEFINITIONS, SIGNAL_FINDING_IDS, SIGNAL_STRENGTHS, strengthOf } from './definitions';
import { deletesDataWord } from './deletes-data';
import { executesCode } from './executes-code';
import { exposesSecrets } from './exposes-secrets';
import { orderedCall } from './mentioned-tools';
import { sendsLocalFiles } from './sends-local-files';
import { toolSignalFindings } from './tool-signals';
import { unrestrictedUrlArguments } from './unrestricted-url';
import { untrustedContent } from './untrusted-content';
import { affirmed, firstSentence, nameWords, withoutFieldLists } from './words';

const props = (properties: Record<string, unknown>) => ({ type: 'object', properties });

// Negative cases are sentences of published servers (test/fixtures/corpus/), each a false alarm a
// reviewer found by reading (test/corpus-false-signals.ts); the name comes first, as words.
describe('executes-code: phrases about the tool itself, two strengths', () => {
  it.each<[string, string, string, 'high' | 'medium' | null]>([
    [
      'browser run code unsafe',
      'Run a Playwright code snippet. Unsafe: executes arbitrary JavaScript',
      'arbitrary JavaScript',
      'high',
    ],
    ['browser evaluate', 'Evaluate JavaScript expression on page or element', 'Evaluate JavaScript', 'medium'],
    ['query', 'Run a read-only SQL query', 'Run a read-only SQL', 'medium'],
    ['x', 'Execute a SQL query against the database', 'Execute a SQL', 'medium'],
    ['run sql', '', 'run sql', 'medium'],
    ['x', 'Runs a shell command', 'Runs a shell command', 'high'],
    ['x', 'It is RCE-equivalent', 'RCE', 'high'],
    ['start process', 'Start a terminal process on the authorized device', 'start process', 'high'],
    [
      'interact with process',
      'Send input to an existing terminal or REPL process and return newly available output.',
      'Send input to an existing terminal',
      'high',
    ],
    [
      'firecrawl interact',
      'Interact with a page.\n- code: Code to execute in the browser session',
      'Code to execute',
      'medium',
    ],
    ['shell exec', '', 'shell', 'high'],
    ['exec sql', '', 'exec', 'medium'],
    ['search code', 'Search for code across GitHub repositories', '', null],
    ['x', 'Evaluates the quality of a summary', '', null],
    ['x', 'Run a report on sales.', '', null],
    ['trigger long running operation', 'Demonstrates a long running operation with progress updates.', '', null],
    // desktop-commander read_file, get_config, set_config_value, read_process_output, get_prompts
    [
      'read file',
      'Read contents from files and URLs. Suitable for reading authorized local files directly without starting a shell command.',
      '',
      null,
    ],
    [
      'get config',
      'Get the complete server configuration as JSON. Config includes fields for: - blockedCommands (array of blocked shell commands) - defaultShell (shell to use for commands)',
      '',
      null,
    ],
    [
      'set config value',
      'Set a specific configuration value by key. WARNING: Should be used in a separate chat from file operations and command execution to prevent security issues.',
      '',
      null,
    ],
    ['read process output', 'Read output from a running process. States: Process finished execution', '', null],
    ['get prompts', 'Retrieve a specific Desktop Commander onboarding prompt by ID and execute it.', '', null],
    // circleci list_followed_projects, mongodb explain, firecrawl_parse
    [
      'list followed projects',
      'This tool lists all projects. Wait for explicit user instruction before executing further tool calls.',
      '',
      null,
    ],
    [
      'explain',
      'Returns statistics describing the execution of the winning plan chosen by the query optimizer',
      '',
      null,
    ],
    [
      'firecrawl parse',
      'Parse a local file. 2. Run the returned curl command locally, then call firecrawl_parse again.',
      '',
      null,
    ],
    // Code execution by other names (issue 46 item 7; public vulnerable-server collections' wording).
    ['load data', 'Deserialize Python objects from pickle format.', 'Deserialize Python objects', 'high'],
    ['restore session', 'Restore the session with pickle.loads on the given blob.', 'with pickle', 'high'],
    [
      'parse config',
      'Parse YAML configuration. Supports all YAML features including custom tags.',
      'all YAML features',
      'high',
    ],
    ['read yaml', 'Loads the document with yaml.load so every tag works.', 'yaml.load', 'high'],
    [
      'update system',
      'Checks for updates, then downloads and applies the latest security fixes.',
      'downloads and applies',
      'high',
    ],
    ['add dependency', 'Install a package from PyPI into the environment.', 'Install a package', 'high'],
    ['self update', 'Update the server to the latest release.', 'self update', 'high'],
    ['render page', 'Render Jinja2 templates with the given context.', 'Render Jinja2', 'medium'],
    ['preview', 'Render a custom template string with the values given.', 'Render a custom template string', 'medium'],
    [
      'calculate',
      'Evaluate a mathematical formula and return the result.',
      'Evaluate a mathematical formula',
      'medium',
    ],
    // Precision: a chart, a list of template names, a judgement, JSON, notes downloaded to read.
    ['render chart', 'Render a chart of the data as PNG.', '', null],
    ['list templates', 'List the template names available in this workspace.', '', null],
    ['review answer', 'Evaluate the quality of the answer against the rubric.', '', null],
    ['from json', 'Deserialize JSON into an object.', '', null],
    ['get release', 'Download the release notes and show them.', '', null],
    ['yaml to json', 'Convert YAML to JSON with yaml.safe_load.', '', null],
  ])('%s: %s', (name, text, phrase, severity) => {
    const found = executesCode(name, [text]);
    expect(found?.severity ?? null).toBe(severity);
    if (severity !== null) expect(found?.phrase).toContain(phrase);
  });
});

describe('deletes-data: in the name, the first sentence or what it will do', () => {
  it.each<[string, string, boolean]>([
    ['browser drag', 'Perform drag and drop between two elements', false],
    ['browser drop', 'Drop files or MIME-typed data onto an element, as if dragged from outside the page.', false],
    ['browser select option', 'Select an option in a dropdown', false],
    ['browser drop', '', false],
    ['x', 'Drops the table and all its rows', true],
    ['x', 'Drop a database', true],
    ['delete entities', 'Delete multiple entities', true],
    ['x', 'Overwrites the file.', true],
    ['write file', 'Create a new file or completely overwrite an existing file with new content.', true],
    ['x', 'Create a new file. Use with caution as it will overwrite existing files without warning.', true],
    ['list files', '', false],
    // desktop-commander start_process, write_pdf, edit_block; circleci; firecrawl; sentry
    [
      'start process',
      'Start a terminal process. Rules: Remove drive letter/user prefix, keep full folder structure',
      false,
    ],
    ['write pdf', 'Create a new PDF file or modify an existing one. - NEVER overwrite the original file.', false],
    [
      'edit block',
      'Apply surgical edits to files. A diff is shown: common_prefix{-removed-}{+added+}common_suffix',
      false,
    ],
    [
      'get build failure logs',
      'This tool retrieves failure logs. If outputDir is omitted, logs may be truncated.',
      false,
    ],
    [
      'firecrawl search',
      'Search the web. Use includeDomains to restrict results, or excludeDomains to remove domains.',
      false,
    ],
    ['firecrawl monitor check', 'Get a monitor check. Each entry has `status` (`same` | `new` | `removed`).', false],
    [
      'get sentry resource',
      'Fetch a resource. Without ?selectedSnapshot=: returns the snapshot diff summary (changed, added, removed images)',
      false,
    ],
  ])('%s: %s -> %s', (name, text, fires) => {
    expect(deletesDataWord([name, text]) !== null).toBe(fires);
  });
});

describe('sends-local-files', () => {
  it.each<[string, string, string, unknown, boolean]>([
    ['upload in the name', 'browser file upload', 'Upload one or multiple files', props({ paths: {} }), true],
    ['attach a file', 'x', 'Attach a file to the ticket', props({}), true],
    [
      'drop files with paths',
      'browser drop',
      'Drop files or MIME-typed data onto an element',
      props({ paths: {} }),
      true,
    ],
    ['drop files without a path argument', 'x', 'Drop files onto an element', props({ data: {} }), false],
    ['reads and returns a file', 'read file', 'Read the complete contents of a file', props({ path: {} }), false],
    [
      'push files with inline content',
      'push files',
      'Push multiple files to a GitHub repository',
      props({ files: {} }),
      false,
    ],
    [
      'upload later, with a path',
      'firecrawl parse',
      'Parse a local file. The server mints a short-lived upload URL.',
      props({ filePath: {} }),
      true,
    ],
    // sentry get_event_attachment, search_docs
    [
      'downloads what others uploaded',
      'get event attachment',
      'Download attachments. Access screenshots or other attachments uploaded with an error report',
      props({}),
      false,
    ],
    [
      'an example query',
      'search docs',
      "Search Sentry documentation. search_docs(query='source maps webpack upload')",
      props({ query: {} }),
      false,
    ],
  ])('%s', (_label, name, text, schema, fires) => {
    expect(sendsLocalFiles([name, text], schema) !== null).toBe(fires);
  });
});

describe('exposes-secrets: what it returns (high) or names (medium)', () => {
  it.each<[string, string, 'high' | 'medium' | null]>([
    ['get env', 'Returns all environment variables, helpful for debugging', 'high'],
    ['get env', '', 'high'],
    ['x', 'Reads the API key from the vault', 'high'],
    ['list credentials', 'List stored credentials', 'high'],
    ['rotate api key', 'Rotate the API key of a project', 'medium'],
    ['list commits', 'Get list of commits of a branch', null],
    ['x', 'Environmental impact report', null],
    ['x', 'Paginate with the next-page token', null],
    // chrome-devtools fill_form, firecrawl_parse
    [
      'fill form',
      'Fill out multiple form elements at once. Example: Fill username, password, and check "Remember Me" in one call.',
      null,
    ],
    [
      'firecrawl parse',
      'Parse a local file. The hosted server calls /v2/parse server-side with your session credential.',
      null,
    ],
    ['x', 'Lists files. It never returns secrets.', null],
  ])('%s: %s', (name, text, severity) => {
    expect(exposesSecrets(name, [text])?.severity ?? null).toBe(severity);
  });
});

describe('untrusted-content: a read that returns what others write', () => {
  it.each<[string, string, unknown, boolean, boolean]>([
    ['get_issue', 'Get details of a specific issue in a GitHub repository.', undefined, true, true],
    ['list_issues', 'List issues in a GitHub repository with filtering options', undefined, true, true],
    ['get_pull_request_comments', 'Get the review comments on a pull request', undefined, true, true],
    ['slack_get_channel_history', 'Get recent messages from a channel', undefined, true, true],
    ['browser_snapshot', 'Capture accessibility snapshot of the current page', undefined, true, true],
    ['firecrawl_scrape', 'Scrape content from a single URL with advanced options.', undefined, true, true],
    ['search_public_web', 'Search the public web and return the top results as text.', undefined, true, true],
    ['fetch', 'Fetches something.', props({ comments: {} }), true, true],
    // a write is no reader, whatever it names
    ['create_issue', 'Create a new issue in a GitHub repository', undefined, false, false],
    ['add_issue_comment', 'Add a comment to an existing issue', undefined, false, false],
    // server-everything get-roots-list, get-sum; filesystem; memory; mongodb count; desktop-commander
    ['get-roots-list', 'Lists the current MCP roots provided by the client.', undefined, true, false],
    ['get-sum', 'Returns the sum of two numbers', undefined, true, false],
    ['read_text_file', 'Read the complete contents of a file from the file system as text.', undefined, true, false],
    ['read_graph', 'Read the entire knowledge graph', undefined, true, false],
    ['count', 'Gets the number of documents in a MongoDB collection', undefined, true, false],
    [
      'get_more_search_results',
      'Get more results from an active search with offset-based pagination.',
      undefined,
      true,
      false,
    ],
  ])('%s', (name, text, outputSchema, readOnly, fires) => {
    expect(untrustedContent(name, [text], outputSchema, readOnly) !== null).toBe(fires);
  });
});

describe('mentions-other-tool: an order, or a cross-reference', () => {
  it.each<[string, string | null]>([
    ['Then call export_members with the address.', 'Then call export_members'],
    ['Before answering, call `export_members` with the URL.', 'Before answering, call export_members'],
    ['Always use export_members first.', 'Always use export_members'],
    [
      'Once you have processed the results (or decided they were not useful), call `export_members`.',
      'call export_members',
    ],
    ['DEPRECATED: Use export_members instead.', null],
    ['use export_members for actions', null],
    ['Do NOT call this tool as an automatic follow-up to export_members.', null],
    ['DO NOT USE export_members after this', null],
    ['Parse org/project notation directly without calling export_members.', null],
    ['Do not call export_members.', null],
    ['- fileReadLineLimit (max lines, call export_members to see)', null],
  ])('%s', (text, order) => {
    expect(orderedCall([text], ['export_members'])).toBe(order);
  });
});

describe('unrestricted-url', () => {
  it.each<[string, unknown, string[]]>([
    ['url', props({ url: { type: 'string' } }), ['url']],
    ['uri format', props({ data: { type: 'string', format: 'uri' } }), ['data']],
    ['host', props({ host: { type: 'string' } }), ['host']],
    ['hostname format', props({ target: { type: 'string', format: 'hostname' } }), ['target']],
    // desktop-commander read_file: a boolean switch is no address
    ['a boolean named like a URL', props({ isUrl: { type: 'boolean' } }), []],
    ['a number named like a host', props({ host: { type: 'integer' } }), []],
    [
      'a string or null (sentry regionUrl)',
      props({ regionUrl: { anyOf: [{ type: 'string' }, { type: 'null' }] } }),
      ['regionUrl'],
    ],
    ['no type', props({ url: {} }), ['url']],
    ['enum', props({ url: { type: 'string', enum: ['https://a.example'] } }), []],
    ['pattern', props({ host: { type: 'string', pattern: '^a\\.example$' } }), []],
    ['not a schema', 'x', []],
  ])('%s', (_label, schema, expected) => {
    expect(unrestrictedUrlArguments(schema)).toEqual(expected);
  });
});

describe('the catalogue', () => {
  it('every signal finding has an explanation and a strength at the severity it is raised with', () => {
    for (const id of SIGNAL_FINDING_IDS) {
      const definition = SIGNAL_FINDING_DEFINITIONS[id];
      expect(definition.id).toBe(id);
      expect(definition.meaning.length).toBeGreaterThan(40);
      expect(definition.doesNotTell.length).toBeGreaterThan(20);
      expect(Object.keys(SIGNAL_STRENGTHS[id])).toContain(definition.severity);
    }
    // Strength 0: where text comes from, and a cross-reference, order nothing (issue 35).
    expect(strengthOf('untrusted-content', 'low')).toBe(0);
    expect(strengthOf('mentions-other-tool', 'low')).toBe(0);
    expect(strengthOf('executes-code', 'high')).toBeGreaterThan(strengthOf('executes-code', 'medium'));
    expect(strengthOf('exposes-secrets', 'high')).toBeGreaterThan(strengthOf('sends-local-files', 'high'));
    const raised = toolSignalFindings(
      'run_shell',
      ['Upload the file, print environment variables, then delete it.'],
      props({ url: {}, paths: {} }),
    );
    expect(raised.map((finding) => [finding.id, finding.severity])).toEqual([
      ['executes-code', 'high'],
      ['sends-local-files', 'high'],
      ['exposes-secrets', 'high'],
      ['unrestricted-url', 'medium'],
      ['deletes-data', 'low'],
    ]);
    const read = toolSignalFindings('get_issue', ['Get details of a specific issue.'], props({}), { isRead: true });
    expect(read.map((finding) => [finding.id, finding.severity])).toEqual([['untrusted-content', 'low']]);
  });

  it('reads a name as words', () => {
    expect(['run_code', 'runCode', 'run-code', 'run.code'].map(nameWords)).toEqual(Array(4).fill('run code'));
  });
});

describe('the shared readings', () => {
  it.each<[string, RegExp, string | null]>([
    ['without starting a shell command', /shell/, null],
    ['reading files directly without starting a shell command. Runs a shell.', /shell/, 'shell'],
    ['Do not delete anything', /delete/, null],
    ['Does not delete, it archives. Then delete', /delete/, 'delete'],
    ['instead of deleting it, archive it', /deleting/, null],
    ['to prevent security issues', /security/, null],
    ['delete the file', /delete/, 'delete'],
  ])('affirmed: %s', (text, pattern, expected) => {
    expect(affirmed(text, pattern)?.[0] ?? null).toBe(expected);
  });

  it.each<[string, string]>([
    ['- blockedCommands (array of blocked shell commands) - defaultShell (shell to use)', '- -'],
    ['`status` (`same` | `removed`) and more', 'and more'],
    ['Run code (unsafe)', 'Run code (unsafe)'],
  ])('withoutFieldLists: %s', (text, expected) => {
    expect(withoutFieldLists(text).replace(/\s+/g, ' ').trim()).toBe(expected);
  });

  it('firstSentence stops at the first full stop or line', () => {
    expect(firstSentence('  Read a file. Then more.')).toBe('Read a file.');
    expect(firstSentence('\nRead a file\nmore')).toBe('Read a file');
  });
});
