import { describe, expect, it } from 'vitest';
import { idFields, idSubject, nameStem, orderForReuse, reuseSources, reusedValue, withReused } from './reuse';
import { reusable } from './steer';

const TARGETS = { work: '/w', sampleFile: '/w/s.txt', newFile: '/w/n.txt', url: 'http://127.0.0.1:9/h', port: 47113 };

// Schemas and result texts as the installed servers build them.
// @playwright/mcp (playwright-core coreBundle.js, tools/backend/network.ts): browser_network_requests
// prints `${i + 1}. [METHOD] url => [status] statusText` under "### Result"; browser_network_request {index}.
const NETWORK_REQUEST = {
  name: 'browser_network_request',
  inputSchema: {
    type: 'object',
    properties: {
      index: { type: 'integer', minimum: 1 },
      part: { type: 'string', enum: ['request-headers'] },
      filename: { type: 'string' },
    },
    required: ['index'],
  },
};
const NETWORK_REQUESTS = {
  name: 'browser_network_requests',
  inputSchema: { type: 'object', properties: { static: { type: 'boolean' }, filename: { type: 'string' } } },
};
const PLAYWRIGHT_LIST = {
  content: [
    {
      type: 'text',
      text: '### Result\n1. [GET] http://127.0.0.1:47113/hintcheck => [200] OK\n2. [POST] http://127.0.0.1:47113/api => [FAILED] net::ERR_ABORTED\n\nNote: 3 static requests not shown, run with "static" option to see them.',
    },
  ],
};
// chrome-devtools-mcp (McpResponse.js, formatters/ConsoleFormatter.js): "## Console messages", the
// pagination line, `msgid=${id} [type] text (n args)`, and structuredContent.consoleMessages[].id.
const GET_CONSOLE = {
  name: 'get_console_message',
  inputSchema: { type: 'object', properties: { msgid: { type: 'number' } }, required: ['msgid'] },
};
const LIST_CONSOLE = {
  name: 'list_console_messages',
  inputSchema: { type: 'object', properties: { pageSize: { type: 'integer' } } },
};
const CONSOLE_TEXT =
  '# list_console_messages response\n## Console messages\nShowing 1-2 of 2 (Page 1 of 1).\nmsgid=4 [log] hello (1 args)\nmsgid=5 [error] boom (1 args)';
// @modelcontextprotocol/server-memory (dist/index.js): search_nodes and open_nodes answer
// JSON.stringify(graph, null, 2) and structuredContent {...graph}; open_nodes {names: string[]}.
const OPEN_NODES = {
  name: 'open_nodes',
  inputSchema: {
    type: 'object',
    properties: { names: { type: 'array', items: { type: 'string' } } },
    required: ['names'],
  },
};
const SEARCH_NODES = {
  name: 'search_nodes',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const GRAPH = {
  entities: [{ type: 'entity', name: 'Ada_Lovelace', entityType: 'person', observations: ['wrote notes'] }],
  relations: [],
};

describe('id fields and stems', () => {
  it('finds required id-like fields, never a pid or a port', () => {
    expect(idFields(NETWORK_REQUEST.inputSchema)).toEqual(['index']);
    expect(idFields(OPEN_NODES.inputSchema)).toEqual(['names']);
    expect(idFields({ type: 'object', required: ['pageId', 'process_id', 'port', 'query', 'node_id', 'pid'] })).toEqual(
      ['pageId', 'node_id'],
    );
  });

  it('matches list and get names by their stem', () => {
    expect(nameStem('browser_network_requests')).toBe(nameStem('browser_network_request'));
    expect(nameStem('list_console_messages')).toBe(nameStem('get_console_message'));
    expect(nameStem('issue_list')).toBe(nameStem('issue_get'));
    expect(nameStem('list_pages')).not.toBe(nameStem('get_console_message'));
  });

  it('pairs each get tool with the listing tool of its stem', () => {
    const sources = reuseSources([
      NETWORK_REQUEST,
      NETWORK_REQUESTS,
      GET_CONSOLE,
      LIST_CONSOLE,
      OPEN_NODES,
      SEARCH_NODES,
    ]);
    expect([...sources].map(([tool, source]) => [tool, source.source, source.fields])).toEqual([
      ['browser_network_request', 'browser_network_requests', ['index']],
      ['get_console_message', 'list_console_messages', ['msgid']],
      ['open_nodes', 'search_nodes', ['names']],
    ]);
    expect(reuseSources([GET_CONSOLE]).size).toBe(0);
  });
});

describe('orderForReuse', () => {
  const sources = reuseSources([NETWORK_REQUEST, NETWORK_REQUESTS]);
  it('moves a get tool after its listing tool within its group', () => {
    const tools = [
      { name: 'browser_network_request', harm: 0 },
      { name: 'browser_snapshot', harm: 0 },
      { name: 'browser_network_requests', harm: 0 },
      { name: 'browser_click', harm: 2 },
    ];
    const ordered = orderForReuse(tools, sources);
    expect(ordered.tools.map((tool) => tool.name)).toEqual([
      'browser_snapshot',
      'browser_network_requests',
      'browser_network_request',
      'browser_click',
    ]);
    expect(ordered.sources.has('browser_network_request')).toBe(true);
  });

  it('keeps read-only first: a listing tool in a later group is no source', () => {
    const tools = [
      { name: 'browser_network_request', harm: 0 },
      { name: 'browser_network_requests', harm: 2 },
    ];
    const ordered = orderForReuse(tools, sources);
    expect(ordered.tools.map((tool) => tool.name)).toEqual(['browser_network_request', 'browser_network_requests']);
    expect(ordered.sources.size).toBe(0);
  });
});

describe('reusedValue', () => {
  it("reads Playwright's numbered list for an index", () => {
    expect(reusedValue(PLAYWRIGHT_LIST, 'index', NETWORK_REQUEST.inputSchema.properties.index)).toBe(1);
  });

  it("reads chrome-devtools' structured consoleMessages first, its msgid= text otherwise", () => {
    const structured = {
      content: [{ type: 'text', text: CONSOLE_TEXT }],
      structuredContent: {
        pagination: { currentPage: 0 },
        consoleMessages: [{ type: 'log', text: 'hello', argsCount: 1, id: 7 }],
      },
    };
    expect(reusedValue(structured, 'msgid', { type: 'number' })).toBe(7);
    expect(reusedValue({ content: [{ type: 'text', text: CONSOLE_TEXT }] }, 'msgid', { type: 'number' })).toBe(4);
  });

  it("reads server-memory's graph: structured, or the JSON text block", () => {
    const schema = OPEN_NODES.inputSchema.properties.names;
    expect(reusedValue({ content: [], structuredContent: GRAPH }, 'names', schema)).toEqual(['Ada_Lovelace']);
    const text = { content: [{ type: 'text', text: JSON.stringify(GRAPH, null, 2) }] };
    expect(reusedValue(text, 'names', schema)).toEqual(['Ada_Lovelace']);
  });

  it('reads "#3" and "id: abc", and nothing from an empty list or an error', () => {
    expect(
      reusedValue({ content: [{ type: 'text', text: 'Created request #3' }] }, 'request_id', { type: 'integer' }),
    ).toBe(3);
    expect(reusedValue({ content: [{ type: 'text', text: 'Board\nid: abc-12\n' }] }, 'id', { type: 'string' })).toBe(
      'abc-12',
    );
    expect(
      reusedValue({ content: [{ type: 'text', text: '## Console messages\n<no console messages found>' }] }, 'msgid', {
        type: 'number',
      }),
    ).toBeUndefined();
    expect(
      reusedValue({ content: [{ type: 'text', text: '### Result\n' }] }, 'index', { type: 'integer' }),
    ).toBeUndefined();
    expect(reusedValue({ isError: true, content: [{ type: 'text', text: 'id: x' }] }, 'id', {})).toBeUndefined();
    expect(
      reusedValue({ content: [{ type: 'text', text: 'value: 0' }] }, 'index', { type: 'integer', minimum: 1 }),
    ).toBeUndefined();
  });
});

describe('withReused', () => {
  it('fills the id field and keeps the rest', () => {
    const args = { index: 1, part: 'request-headers', filename: '/w/s.txt' };
    const listed = { content: [{ type: 'text', text: '### Result\n2. [GET] http://127.0.0.1:47113/a => [200] OK' }] };
    expect(withReused(args, listed, { fields: ['index'], schema: NETWORK_REQUEST.inputSchema }, TARGETS)).toEqual({
      args: { ...args, index: 2 },
      filled: ['index'],
    });
  });

  it('never reuses a path outside the sandbox or a remote URL', () => {
    const schema = { type: 'object', properties: { uri: { type: 'string' } }, required: ['uri'] };
    const outside = { content: [], structuredContent: { resources: [{ uri: 'file:///etc/passwd' }] } };
    expect(withReused({ uri: 'x' }, outside, { fields: ['uri'], schema }, TARGETS).filled).toEqual([]);
    const remote = { content: [], structuredContent: { uri: 'https://example.com/x' } };
    expect(withReused({ uri: 'x' }, remote, { fields: ['uri'], schema }, TARGETS).filled).toEqual([]);
    const inside = { content: [], structuredContent: { resources: [{ uri: 'file:///w/s.txt' }] } };
    expect(withReused({ uri: 'x' }, inside, { fields: ['uri'], schema }, TARGETS).args).toEqual({
      uri: 'file:///w/s.txt',
    });
  });

  it('steer rules hold for reused values', () => {
    expect(reusable('pid', 5, TARGETS)).toBe(false);
    expect(reusable('port', 80, TARGETS)).toBe(false);
    expect(reusable('path', '/w/../etc/passwd', TARGETS)).toBe(false);
    expect(reusable('name', 'Ada_Lovelace', TARGETS)).toBe(true);
  });
});

describe('ids from a listing tool of another name (issue 47)', () => {
  const id = (field: string): unknown => ({
    type: 'object',
    properties: { [field]: { type: 'string' } },
    required: [field],
  });
  const tools = [
    { name: 'list-connections', inputSchema: { type: 'object', properties: {} } },
    { name: 'find', inputSchema: id('connectionId') },
    { name: 'describe-collection', inputSchema: id('connectionId') },
    { name: 'collection-schema', inputSchema: id('connection_id') },
    { name: 'get_project_issues', inputSchema: id('project_id') },
    { name: 'list_projects', inputSchema: { type: 'object', properties: {} } },
    { name: 'get_user', inputSchema: id('userId') },
  ];

  it('reads the subject of an ..Id field, hyphens and camelCase as underscores', () => {
    expect(idSubject('connectionId')).toBe('connection');
    expect(idSubject('connection_ids')).toBe('connection');
    expect(idSubject('id')).toBeNull();
    expect(nameStem('list-connections')).toBe('connection');
    expect(nameStem('listConnections')).toBe('connection');
  });

  it('one listing tool feeds every tool taking its id; a tool with no listing of its subject gets none', () => {
    const sources = reuseSources(tools);
    expect(sources.get('find')?.source).toBe('list-connections');
    expect(sources.get('describe-collection')?.source).toBe('list-connections');
    expect(sources.get('collection-schema')?.source).toBe('list-connections');
    expect(sources.get('get_project_issues')?.source).toBe('list_projects');
    expect(sources.has('get_user')).toBe(false);
  });

  it("takes the listed element's id, else its name, never the listing's own name", () => {
    const schema = { type: 'string' };
    expect(reusedValue({ structuredContent: { connections: [{ id: 'preconfigured' }] } }, 'connectionId', schema)).toBe(
      'preconfigured',
    );
    expect(
      reusedValue(
        { content: [{ type: 'text', text: '[{"name":"preconfigured","state":"connected"}]' }] },
        'connectionId',
        schema,
      ),
    ).toBe('preconfigured');
    expect(reusedValue({ structuredContent: { name: 'my list', items: [] } }, 'connectionId', schema)).toBeUndefined();
  });
});
