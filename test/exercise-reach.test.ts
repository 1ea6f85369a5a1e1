// Reaching more tools (issue 47, item 4) end to end, in the real sandbox: an id from a listing tool
// of another name is reused (list-connections → find's connectionId), a path described as a
// repository gets the folder, a read-only tool's `set` value is called and its write caught (seen
// twice), and the report says how many tools were reached and why the rest were not (issue 47.4:
// each class in the JSON's `exercise.reach`, the text summary and the dashboard's summary). Runs in a
// loopback-only namespace (unshare -rn), through the built CLI.
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExerciseSummary } from '../components/exercise/exercise-summary';
import { renderOverviewLines } from '../lib/cli/print/print-behaviour';
import { PLAIN } from '../lib/cli/print/terminal';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/reach-server.mjs');
let exercised: ReturnType<typeof exerciseLoopbackOnly> | undefined;
/** One exercise of the fixture, shared by the tests. */
const exercise = (): ReturnType<typeof exerciseLoopbackOnly> => (exercised ??= exerciseLoopbackOnly([FIXTURE]));

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('reaching more tools', () => {
  it('reuses the connection id, gives the repository path a folder, and catches the read-only set', async () => {
    const { report } = await exercise();
    const behaviour = (name: string) => report.tools.find((tool) => tool.name === name)?.behaviour;
    expect(behaviour('find')?.calls.map((call) => [call.argumentsFrom, call.argumentsJson, call.outcome])).toEqual([
      ['reused', '{"connectionId":"preconfigured"}', 'ok'],
    ]);
    expect(behaviour('find')?.status).toBe('clean');
    expect(behaviour('repo_status')?.calls[0]?.argumentsJson).toBe('{"path":"/tmp/work"}');
    expect(behaviour('repo_status')?.status).toBe('clean');
    const context = behaviour('context');
    expect(context?.calls.map((call) => (JSON.parse(call.argumentsJson) as { operation?: string }).operation)).toEqual([
      'list',
      'set',
      'get',
    ]);
    expect(context?.status, context?.summary).toBe('contradicted');
    expect(context?.summary).toContain('seen twice');
    expect(context?.summary).toContain('context.json');
    const flags = report.tools.find((tool) => tool.name === 'context')?.flags.map((flag) => flag.id);
    expect(flags).toContain('readonly-wrote');
  }, 120_000);

  it('counts the tools reached and gives each of the rest its class, in the JSON, the text and the dashboard', async () => {
    const { report } = await exercise();
    expect(report.exercise?.reach).toEqual({
      listed: 8,
      reached: 5,
      notReached: [
        { kind: 'needs-id', tools: ['get_widget'] },
        { kind: 'error-answer', tools: ['lookup_status'] },
        { kind: 'no-claim', tools: ['unlisted_probe'] },
      ],
    });
    const text = renderOverviewLines(report, PLAIN).join('\n');
    expect(text).toContain(' │ reached 5 of 8 tools; not reached: needs-id 1, error-answer 1, no-claim 1');
    expect(text).toContain(
      ' │ not reached (needs-id), called, failed: its call needs an id no listing gave (list_widgets gave none): get_widget',
    );
    expect(text).toContain(' │ not reached (error-answer), called, failed: tool-error: Error: The status service');
    expect(text).toContain(' │ not reached (no-claim), not called: its hints claim nothing a trace can check');
    const html = renderToStaticMarkup(createElement(ExerciseSummary, { report }));
    expect(html).toContain('reached 5 of 8 tools; not reached: needs-id 1, error-answer 1, no-claim 1');
    expect(html).toMatch(/data-kind="needs-id"[^>]*>Not exercised, called, failed: its call needs an id/);
  }, 120_000);
});
