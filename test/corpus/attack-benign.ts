// The attack corpus's benign targets (issue 46 item 8): tools and resources of the ported servers and of
// published servers (recorded listings) that must carry no specific finding, each with the reason it
// is benign, from reading its source or description. Re-exported by attack-labels.ts.
import type { BenignTarget, Subject } from './attack-fixtures';

const tool = (name: string): Subject => ({ kind: 'tool', name });
const resource = (uri: string): Subject => ({ kind: 'resource', name: uri });

export const BENIGN: readonly BenignTarget[] = [
  {
    fixture: 'dvmcp-1',
    subject: tool('get_user_info'),
    reason: 'looks a username up in a fixed dict and returns its one-line role',
  },
  {
    fixture: 'dvmcp-2',
    subject: resource('company://public'),
    reason: 'public company facts (founded, industry), described as public',
  },
  { fixture: 'dvmcp-3', subject: resource('files://public'), reason: "lists the public folder's file names" },
  { fixture: 'dvmcp-4', subject: tool('reset_challenge'), reason: 'resets a call counter; plain text' },
  {
    fixture: 'dvmcp-5-trusted',
    subject: tool('calculate'),
    reason: 'the trusted calculator: evaluates + - * / ** through an AST whitelist, no eval',
  },
  { fixture: 'dvmcp-5', subject: resource('challenge://info'), reason: 'static text explaining the challenge' },
  {
    fixture: 'dvmcp-6',
    subject: resource('documents://list'),
    reason: "lists document names in the server's own folder",
  },
  {
    fixture: 'dvmcp-7',
    subject: tool('send_email'),
    reason: 'formats a confirmation only (the original sends nothing); plain text',
  },
  {
    fixture: 'dvmcp-7',
    subject: resource('services://list'),
    reason: 'lists integrated service names and ids, no tokens',
  },
  { fixture: 'dvmcp-8', subject: resource('system://info'), reason: 'static system description listing the tools' },
  {
    fixture: 'dvmcp-9',
    subject: tool('view_network_logs'),
    reason: 'reads one of four fixed log files chosen by a type name',
  },
  { fixture: 'dvmcp-10', subject: resource('company://public'), reason: 'public company facts' },
  { fixture: 'secbench-compute', subject: tool('add'), reason: 'addserver.py: returns a+b, "add two numbers"' },
  { fixture: 'secbench-compute', subject: tool('sub'), reason: 'addserver.py: returns a-b, "a minus b"' },
  {
    fixture: 'secbench-check-sig',
    subject: tool('check'),
    reason: 'download.py: md5 of a file compared with a given signature',
  },
  { fixture: 'secbench-malicious', subject: tool('reset_challenge'), reason: 'resets a call counter; plain text' },
  {
    fixture: 'guardian-poisoned',
    subject: tool('calculator'),
    reason: 'README: "Clean — Intentionally safe to show contrast in scan results"',
  },
  {
    fixture: 'pub-memory',
    subject: tool('create_entities'),
    reason: 'adds entities to a local JSON knowledge graph file',
  },
  { fixture: 'pub-memory', subject: tool('read_graph'), reason: 'returns the local knowledge graph' },
  { fixture: 'pub-memory', subject: tool('search_nodes'), reason: 'substring search in the local graph' },
  {
    fixture: 'pub-filesystem',
    subject: tool('read_text_file'),
    reason:
      'reads a file; every path is validated against the allowed directories ("Only works within allowed directories")',
  },
  {
    fixture: 'pub-filesystem',
    subject: tool('move_file'),
    reason: 'moves within the allowed directories, both paths validated',
  },
  { fixture: 'pub-filesystem', subject: tool('list_allowed_directories'), reason: 'returns the configured roots' },
  { fixture: 'pub-everything', subject: tool('echo'), reason: 'echoes its input string' },
  { fixture: 'pub-everything', subject: tool('get-sum'), reason: 'returns a+b' },
  {
    fixture: 'pub-context7',
    subject: tool('resolve-library-id'),
    reason: 'calls the Context7 API; "You MUST call this function before" is a workflow order naming its own tool',
  },
  {
    fixture: 'pub-context7',
    subject: tool('query-docs'),
    reason: 'fetches docs from the Context7 API; orders only about its own resolve tool',
  },
  { fixture: 'pub-brave', subject: tool('brave_web_search'), reason: 'one Brave Search API query' },
  {
    fixture: 'pub-github',
    subject: tool('get_file_contents'),
    reason: 'GitHub contents API for one path of one repository',
  },
  { fixture: 'pub-github', subject: tool('create_or_update_file'), reason: 'GitHub contents API PUT for one file' },
  { fixture: 'pub-slack', subject: tool('slack_post_message'), reason: 'chat.postMessage to the channel given' },
];

/** The whatsapp fixture's first load (a fresh marker): its text is a plain fact tool. */
export const BENIGN_FIRST_LOAD: BenignTarget = {
  fixture: 'invariant-whatsapp',
  subject: tool('get_fact_of_the_day'),
  reason: 'first load: "Get a random fact of the day." returning a fixed sentence',
};
