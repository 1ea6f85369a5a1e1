// The Markdown summary (a pull-request comment) lists the flagged tools in the report's risk order,
// the one every other output uses, and says where a tool's effect was inferred from its name
// (issue 22): on the recorded Slack server, whose tools carry no hints, the writes come first and
// each row says "inferred write" beside the spec default's class.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditToMarkdown } from '../lib/cli/print/print-markdown';
import { inRiskOrder } from '../lib/core/report/risk';
import { ROOT } from './helpers';
import { reportOfTools } from './report-input';

const slack = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/corpus/server-slack.json'), 'utf8')) as {
  tools: unknown[];
};

const report = reportOfTools(slack.tools);

/** The tool names of the Markdown table's rows, in order. */
const rowNames = (markdown: string): string[] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| tool ') && !line.startsWith('| ----'))
    .map((line) => (line.split(' | ')[0] ?? '').slice(2))
    .filter((name) => report.tools.some((tool) => tool.name === name.replaceAll('\\_', '_')))
    .map((name) => name.replaceAll('\\_', '_'));

describe('audit Markdown', () => {
  const markdown = auditToMarkdown(report, null);

  it('lists the flagged tools in the risk order', () => {
    const flagged = inRiskOrder(report.tools.filter((tool) => tool.flags.length > 0)).map((tool) => tool.name);
    expect(flagged.length).toBeGreaterThan(3);
    expect(rowNames(markdown)).toEqual(flagged);
    // Posting comes before any read, as the risk order of corpus-risk.test.ts says.
    expect(rowNames(markdown).indexOf('slack_post_message')).toBeLessThan(
      rowNames(markdown).indexOf('slack_get_users'),
    );
  });

  it('says where the effect was inferred from the name', () => {
    const row = markdown
      .split('\n')
      .find((line) => line.includes('slack\\_post\\_message') || line.includes('slack_post_message'));
    expect(row).toContain('inferred write ("post" in its name; hints absent)');
    const read = markdown.split('\n').find((line) => line.includes('get\\_users') || line.includes('get_users'));
    expect(read).toMatch(/inferred read \("get" in its name; hints absent\)/);
  });
});
