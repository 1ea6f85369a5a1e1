import { describe, expect, it } from 'vitest';
import { appFindings, type AppFindingId } from './definitions';
import type { AppResourceFacts } from './facts';
import { scanHtml } from './html-scan';
import { allowedBy, domainProblem, externalUrl } from './origins';
import { resourceUiOf, toolUiOf } from './ui-meta';

const facts = (over: Partial<AppResourceFacts> & { html?: string; meta?: unknown } = {}): AppResourceFacts => ({
  uri: 'ui://x/app.html',
  tools: [{ name: 'show', texts: ['Show', 'Shows the view.'], visibility: ['model', 'app'] }],
  description: null,
  ui: resourceUiOf(over.meta ?? {}, undefined),
  scan: scanHtml(over.html ?? '<p>hi</p>'),
  visibilityByTool: new Map([['show', ['model', 'app']]]),
  ...over,
});
const ids = (input: AppResourceFacts): AppFindingId[] => appFindings(input).map((finding) => finding.id);
const csp = (csp: Record<string, string[]>) => ({ ui: { csp } });

describe('the tool and resource _meta.ui, against the extension schema', () => {
  it.each<[string, unknown, string | null, string[], boolean]>([
    ['no ui', { other: 1 }, null, [], false],
    ['modern', { ui: { resourceUri: 'ui://a', visibility: ['app'] } }, 'ui://a', ['app'], true],
    ['legacy flat key', { 'ui/resourceUri': 'ui://b' }, 'ui://b', ['model', 'app'], false],
    ['unknown visibility dropped', { ui: { resourceUri: 'ui://c', visibility: ['robot'] } }, 'ui://c', [], true],
  ])('%s', (_label, meta, uri, visibility, declared) => {
    const ui = toolUiOf(meta);
    if (uri === null && !declared) {
      expect(ui).toBeNull();
      return;
    }
    expect(ui?.resourceUri).toBe(uri);
    expect(ui?.visibility).toEqual(visibility);
    expect(ui?.visibilityDeclared).toBe(declared);
  });

  it('reports where _meta.ui breaks the published schema, and reads it anyway', () => {
    expect(toolUiOf({ ui: { resourceUri: 'ui://c', csp: {} } })?.schemaProblems.join()).toMatch(/_meta\.ui\.csp/);
    const ui = resourceUiOf(
      { ui: { csp: { connectDomains: ['https://a'], bogus: 1 }, permissions: { camera: {} } } },
      {},
    );
    expect(ui.schemaProblems.join()).toMatch(/bogus/);
    expect(ui.csp.connectDomains).toEqual(['https://a']);
    expect(ui.permissions).toEqual(['camera']);
  });

  it('prefers the read content _meta over the listed one', () => {
    expect(resourceUiOf({ ui: { domain: 'read' } }, { ui: { domain: 'listed' } }).domain).toBe('read');
    expect(resourceUiOf(undefined, { ui: { domain: 'listed' } }).domain).toBe('listed');
  });
});

describe('origins', () => {
  it.each<[string, string | null]>([
    ['*', 'any origin'],
    ['https:', 'any origin'],
    ['https://*', 'any origin'],
    ['http://api.example.com', 'not https'],
    ['ws://rt.example.com', 'not https'],
    ['https://*.example.com', 'wildcard subdomain'],
    ['https://api.example.com', null],
    ['wss://rt.example.com', null],
  ])('%s: %s', (domain, problem) => {
    expect(domainProblem(domain)?.problem ?? null).toBe(problem);
  });

  it.each<[string, string[], boolean]>([
    ['https://api.example.com/v1', ['https://api.example.com'], true],
    ['https://a.cdn.example.com/x.js', ['https://*.cdn.example.com'], true],
    ['https://evil.example/x', ['https://api.example.com'], false],
    ['http://api.example.com/', ['https://api.example.com'], false],
    ['https://anything.example/', ['*'], true],
  ])('%s in %j: %s', (url, domains, allowed) => {
    const parsed = externalUrl(url);
    if (parsed === null) throw new Error(`${url} should be external`);
    expect(allowedBy(parsed, domains)).toBe(allowed);
  });

  it.each(['/api/x', 'x.js', 'data:text/plain,hi', 'javascript:alert(1)'])('%s stays on the page', (url) => {
    expect(externalUrl(url)).toBeNull();
  });
});

describe('scanHtml reads the source without running it', () => {
  it('finds scripts, connects, forms, frames, handlers, redirects and tool calls', () => {
    const scan = scanHtml(`<!-- <script src="https://hidden.example/x.js"></script> -->
<BASE HREF="https://base.example/"><meta http-equiv="Refresh" content="5; url=https://away.example/">
<script src=//cdn.example/lib.js></script><iframe src="https://frame.example/e"></iframe>
<form action="https://collect.example/post" method=POST><button onclick="fetch('https://click.example/c')">go</button></form>
<img src=x onerror='new WebSocket("wss://ws.example/s")'>
<script>fetch("https://api.example/a"); const x = new XMLHttpRequest(); x.open('GET', 'https://xhr.example/q');
new EventSource(\`https://sse.example/s\`); navigator.sendBeacon("https://beacon.example/b");
app.callServerTool({ name: "delete_all", arguments: {} }); fetch(url);</script>`);
    expect(scan.scripts).toEqual(['//cdn.example/lib.js']);
    expect(scan.inlineScripts).toBe(1);
    expect(scan.frames).toEqual(['https://frame.example/e']);
    expect(scan.forms).toEqual([{ action: 'https://collect.example/post', method: 'post' }]);
    expect(scan.handlers).toEqual(['button onclick', 'img onerror']);
    expect(scan.redirects).toEqual([
      { kind: 'base', url: 'https://base.example/' },
      { kind: 'meta-refresh', url: 'https://away.example/' },
    ]);
    expect(scan.connects.map((c) => `${c.kind} ${c.url}`).sort()).toEqual([
      'beacon https://beacon.example/b',
      'eventsource https://sse.example/s',
      'fetch https://api.example/a',
      'fetch https://click.example/c',
      'websocket wss://ws.example/s',
      'xhr https://xhr.example/q',
    ]);
    expect(scan.toolCalls).toEqual(['delete_all']);
  });

  it.each(['', '<', '<script', '<a href="unclosed', '<<<>>>', '<script>never closed', '\u0000<div\u0000>'])(
    'malformed markup %j yields a scan, never a throw',
    (html) => {
      expect(() => scanHtml(html)).not.toThrow();
    },
  );
});

describe('the MCP Apps findings', () => {
  it.each<[string, Parameters<typeof facts>[0], AppFindingId[]]>([
    ['a self-contained page with nothing declared', {}, []],
    ['a wildcard connect-src', { meta: csp({ connectDomains: ['*'] }) }, ['app-csp-domain']],
    ['http resource domain', { meta: csp({ resourceDomains: ['http://cdn.example'] }) }, ['app-csp-domain']],
    [
      'a microphone its tool never mentions',
      { meta: { ui: { permissions: { microphone: {} } } } },
      ['app-permission-unmentioned'],
    ],
    [
      'a microphone its tool mentions',
      {
        meta: { ui: { permissions: { microphone: {} } } },
        tools: [{ name: 'show', texts: ['Records a voice memo'], visibility: ['model', 'app'] }],
      },
      [],
    ],
    [
      'a remote script whose origin is declared',
      {
        html: '<script src="https://cdn.example/x.js"></script>',
        meta: csp({ resourceDomains: ['https://cdn.example'] }),
      },
      ['app-remote-script'],
    ],
    [
      'a remote script whose origin is not declared',
      { html: '<script src="https://cdn.example/x.js"></script>' },
      ['app-remote-script', 'app-undeclared-target'],
    ],
    ['a local script', { html: '<script src="app.js"></script>' }, []],
    [
      'a fetch inside connectDomains',
      {
        html: '<script>fetch("https://api.example.com/x")</script>',
        meta: csp({ connectDomains: ['https://api.example.com'] }),
      },
      [],
    ],
    [
      'a fetch outside connectDomains',
      { html: '<script>fetch("https://evil.example/x")</script>' },
      ['app-undeclared-target'],
    ],
    ['a form posting away', { html: '<form action="https://evil.example/p"></form>' }, ['app-undeclared-target']],
    [
      'a meta refresh away',
      { html: '<meta http-equiv="refresh" content="0;url=https://evil.example">' },
      ['app-undeclared-target'],
    ],
    [
      'the page calls a model-only tool',
      {
        html: '<script>app.callServerTool({ name: "wipe" })</script>',
        visibilityByTool: new Map([['wipe', ['model']]]),
      },
      ['app-calls-model-only-tool'],
    ],
    [
      'the page calls an unlisted tool',
      { html: '<script>app.callServerTool({name:"ghost"})</script>' },
      ['app-calls-model-only-tool'],
    ],
    ['the page calls an app tool', { html: '<script>app.callServerTool({name:"show"})</script>' }, []],
    ['the HTML was not read', { scan: null, meta: {} }, []],
  ])('%s', (_label, over, expected) => {
    expect(ids(facts(over)).sort()).toEqual([...expected].sort());
  });

  it('a subdomain wildcard alone is low; the message quotes the domain', () => {
    const [finding] = appFindings(facts({ meta: csp({ connectDomains: ['https://*.example.com'] }) }));
    expect(finding?.severity).toBe('low');
    expect(finding?.message).toContain('https://*.example.com');
  });
});
