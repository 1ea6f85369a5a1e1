// The triangle's private-data leg and the order of session findings, on the real tools/list
// answers of published servers (test/fixtures/corpus, recorded from the packages): server-everything's
// demo tools (get-sum, get-tiny-image) read nothing private; server-filesystem's readers read files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';
import { buildReport, type Report } from '../lib/core/report/report';
import {
  orderSessionFindings,
  sessionFindings,
  type SessionFinding,
  type SessionServer,
} from '../lib/core/session/findings';
import { privateDataRead } from '../lib/core/session/private-data';

const CORPUS = join(ROOT, 'test/fixtures/corpus');

function report(tools: unknown[]): Report {
  return buildReport({
    generator: { name: 'test', version: '0' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
    server: null,
    pages: [{ tools, bytes: 0 }],
    complete: true,
    durationMs: 0,
    process: null,
    errors: [],
    warnings: [],
  });
}

const corpus = (name: string): Report =>
  report((JSON.parse(readFileSync(join(CORPUS, `${name}.json`), 'utf8')) as { tools: unknown[] }).tools);

const readers = (r: Report): string[] => r.tools.filter((t) => privateDataRead(t) !== null).map((t) => t.name);

describe('private-data readers are chosen by what they read', () => {
  it('server-everything: only get-env (the environment), never get-sum or get-tiny-image', () => {
    const everything = corpus('server-everything');
    expect(everything.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get-sum', 'get-tiny-image']));
    expect(readers(everything)).toEqual(['get-env']);
    const env = everything.tools.find((t) => t.name === 'get-env');
    expect(env === undefined ? null : privateDataRead(env)?.kind).toBe('environment variables or credentials');
  });

  it('server-filesystem: every tool that reads files or folders, none that writes', () => {
    expect(readers(corpus('server-filesystem'))).toEqual([
      'read_file',
      'read_text_file',
      'read_media_file',
      'read_multiple_files',
      'list_directory',
      'list_directory_with_sizes',
      'directory_tree',
      'search_files',
      'get_file_info',
      'list_allowed_directories',
    ]);
  });

  it('a denied word does not count: server-everything get-roots-list "doesn\'t access files" (installed release)', () => {
    const [roots, reader] = report([
      {
        name: 'get-roots-list',
        title: 'Get Roots List Tool',
        description:
          "Lists the current MCP roots provided by the client. Demonstrates the roots protocol capability even though this server doesn't access files.",
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      {
        name: 'list_notes',
        description: 'Lists notes. Never deletes anything; reads your notes without changing them.',
        inputSchema: { type: 'object' },
      },
    ]).tools;
    expect(roots === undefined ? 'missing' : privateDataRead(roots)).toBeNull();
    expect(reader === undefined ? null : privateDataRead(reader)?.kind).toBe('documents and notes');
  });

  it('server-memory reads its knowledge graph; playwright-mcp console messages are not mail', () => {
    expect(readers(corpus('server-memory'))).toEqual(['read_graph', 'search_nodes', 'open_nodes']);
    expect(readers(corpus('playwright-mcp'))).toEqual([]);
  });

  it('the triangle of everything + filesystem + a web fetcher names only real private readers, with why', () => {
    const web = report([
      {
        name: 'fetch_page',
        description: 'Fetches any web page.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
    ]);
    const findings = sessionFindings([
      { name: 'everything', report: corpus('server-everything') },
      { name: 'filesystem', report: corpus('server-filesystem') },
      { name: 'web', report: web },
    ]);
    const [triangle] = findings;
    expect(triangle?.id).toBe('exfiltration-triangle');
    const names = triangle?.legs?.privateData.map((r) => `${r.server}/${r.tool}`) ?? [];
    expect(names).toContain('everything/get-env');
    expect(names).toContain('filesystem/read_file');
    expect(names).not.toContain('everything/get-sum');
    expect(names).not.toContain('everything/get-tiny-image');
    expect(triangle?.legs?.privateData.find((r) => r.tool === 'read_file')?.reads).toEqual({
      kind: 'files',
      words: 'file',
    });
    // The writes declared open-world: with the host capabilities an audit declares, server-everything
    // also lists trigger-url-elicitation (sends the user to any URL: what it carries leaves) and
    // trigger-sampling-request (a prompt to the host's model), both declared open-world.
    expect(triangle?.legs?.externalWrite).toEqual([
      { server: 'everything', tool: 'gzip-file-as-resource' },
      { server: 'everything', tool: 'trigger-url-elicitation' },
      { server: 'everything', tool: 'trigger-sampling-request' },
    ]);
  });
});

describe('session findings in review order', () => {
  const everything = corpus('server-everything');
  const web = report([
    {
      name: 'fetch_page',
      description: 'Fetches any web page.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
  ]);
  // One server configured twice (different settings, so audited twice), beside a web reader.
  const set: SessionServer[] = [
    { name: 'everything', report: everything },
    { name: 'everything-copy', report: everything },
    { name: 'web', report: web },
  ];
  const findings = sessionFindings(set);

  it('one collision card per pair of servers, listing every shared name', () => {
    const collisions = findings.filter((f) => f.id === 'tool-name-collision');
    expect(collisions).toHaveLength(1);
    expect(collisions[0]?.message).toContain(
      `everything and everything-copy both offer ${everything.tools.length} tools`,
    );
    expect(collisions[0]?.message).toContain('likely one server configured twice');
    expect(collisions[0]?.tools).toHaveLength(everything.tools.length * 2);
  });

  it('a name on three servers is one card for each pair', () => {
    const one = report([{ name: 'search', inputSchema: { type: 'object' } }]);
    const three = sessionFindings([
      { name: 'a', report: one },
      { name: 'b', report: one },
      { name: 'c', report: one },
    ]).filter((f) => f.id === 'tool-name-collision');
    expect(three.map((f) => f.tools.map((t) => t.server).join('+'))).toEqual(['a+b', 'a+c', 'b+c']);
  });

  it('the triangle first, then by severity, stable within', () => {
    expect(findings[0]?.id).toBe('exfiltration-triangle');
    const ranks = findings.map((f) => ['high', 'medium', 'low', 'info'].indexOf(f.severity));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const f = (id: SessionFinding['id'], severity: SessionFinding['severity'], message: string): SessionFinding => ({
      id,
      severity,
      message,
      tools: [],
    });
    const ordered = orderSessionFindings([
      f('shadows-builtin-tool', 'medium', 'm1'),
      f('tool-name-collision', 'high', 'h1'),
      f('shadows-builtin-tool', 'medium', 'm2'),
      f('exfiltration-triangle', 'high', 't'),
      f('cross-server-reference', 'high', 'h2'),
    ]);
    expect(ordered.map((x) => x.message)).toEqual(['t', 'h1', 'h2', 'm1', 'm2']);
  });
});
