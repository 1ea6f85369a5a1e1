// A result's blocks drawn: nothing in them acts. Images only from data of an inert raster type,
// resource links as text (no anchor, nothing to follow), text with invisible characters marked.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inspectResult } from '@/lib/core/results/inspect';
import { ResultBlocks } from './result-blocks';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function drawn(result: unknown): string {
  const { blocks } = inspectResult('tools/call', result);
  // As the wire carries them: JSON records.
  const wire = JSON.parse(JSON.stringify(blocks)) as Record<string, unknown>[];
  return renderToStaticMarkup(createElement(ResultBlocks, { blocks: wire }));
}

describe('ResultBlocks', () => {
  it('draws a PNG from its data, never an SVG', () => {
    const html = drawn({
      content: [
        { type: 'image', mimeType: 'image/png', data: PNG },
        { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz48L3N2Zz4=' },
      ],
    });
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain(`src="data:image/png;base64,${PNG}"`);
    expect(html).toContain('not shown');
  });

  it('shows a resource link as text with no anchor', () => {
    const html = drawn({
      content: [{ type: 'resource_link', uri: 'https://example.invalid/steal?x=1', name: 'a link' }],
    });
    expect(html).toContain('https://example.invalid/steal?x=1');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('href=');
    expect(html).toContain('not followed');
  });

  it('marks invisible characters in text and draws markup as text', () => {
    const html = drawn({ content: [{ type: 'text', text: 'safe\u202Etxt.exe <script>alert(1)</script>' }] });
    expect(html).toContain('U+202E');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('draws an embedded resource as its text', () => {
    const html = drawn({ content: [{ type: 'resource', resource: { uri: 'demo://x', text: 'inside' } }] });
    expect(html).toContain('demo://x');
    expect(html).toContain('inside');
  });
});
