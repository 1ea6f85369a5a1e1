// Messages that carry a server's or a configuration's own text (a flag's message quoting annotation
// keys, an audit problem quoting the server's error, a configuration finding quoting a server name)
// are drawn with their invisible characters marked, as descriptions are: a zero-width or bidi
// character in them shows as a "U+…" marker, never as itself (components/ui/visible-text.tsx).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolDetails } from '../components/risk-table/tool-details';
import { ProblemList } from '../components/ui/problem-list';
import { FileFindings } from '../components/servers/file-findings';
import { reportOfTools } from './report-input';

const HIDDEN = /[\u200B\u202E]/;

function toolWithHiddenKey() {
  const report = reportOfTools([
    {
      name: 'read_notes',
      description: 'Reads the notes.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, 'safe\u200BHint': true, 'trusted\u202EHint': true },
    },
  ]);

  const [tool] = report.tools;
  if (tool === undefined) throw new Error('the fixture tool was not listed');
  return tool;
}

describe('messages with outside text are drawn with their invisible characters marked', () => {
  it('a flag message in the tool details', () => {
    const tool = toolWithHiddenKey();
    const flag = tool.flags.find((item) => HIDDEN.test(item.message));
    expect(flag, 'the flag quoting the keys').toBeDefined();
    const html = renderToStaticMarkup(createElement(ToolDetails, { tool }));
    expect(html).toContain('U+200B');
    expect(html).toContain('U+202E');
    expect(html).not.toMatch(HIDDEN);
  });

  it("an audit problem quoting the server's error", () => {
    const html = renderToStaticMarkup(
      createElement(ProblemList, {
        problems: [{ level: 'error', code: 'server-exited', message: 'The server said: ok\u202Etxt.exe' }],
      }),
    );
    expect(html).toContain('U+202E');
    expect(html).not.toMatch(HIDDEN);
  });

  it('a configuration finding naming a server entry', () => {
    const html = renderToStaticMarkup(
      createElement(FileFindings, {
        findings: [
          {
            id: 'plaintext-secret',
            severity: 'high',
            message: 'Server "git\u200Bhub" has a secret written in the file.',
            client: 'cursor',
            file: '/home/u/.cursor/mcp.json',
            line: 3,
            server: 'git\u200Bhub',
            entryId: null,
          },
        ],
      }),
    );
    expect(html).toContain('U+200B');
    expect(html).not.toMatch(HIDDEN);
  });
});
