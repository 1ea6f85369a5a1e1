/* global document, HTMLSelectElement, HTMLInputElement, requestAnimationFrame -- the timed code runs in the page */
// Dashboard benchmark: the real production server and page in a real Chromium, a 5,000-tool server
// (the raw fixture `many`, 50 pages of 100) audited through the form, then sorting and filtering
// measured inside the page: from the click or keystroke to the return of its event dispatch
// ("dispatch"; React may render after it) and to the next painted frame ("frame", the figure that
// counts). Medians over N runs, all in one run.
// Usage: npm run build && node bench/dashboard.mjs [runs]   (port: E2E_PORT, default 3290)
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { chromium } from '@playwright/test';
import { startDashboard } from '../scripts/start-dashboard.mjs';

const runs = Number(process.argv[2] ?? 15);
const port = Number(process.env.E2E_PORT ?? 3290);
const token = 'bench-token-0123456789abcdefghij';
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const loadAtStart = loadavg()[0];
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
// The first audit after a start, against the warm ones: a single first run swings with the machine
// (1.18x to 1.49x in three runs of one tree), so FRESH_STARTS dashboards are started in turn, each
// opened in a new browser context (its own empty cache, as a first visit), the demo audited once as
// soon as the button shows and then WARM_EACH times on reloaded pages. The ratio is the median first
// over the median warm (issue 25: <= 1.5x).
const FRESH_STARTS = 3;
const WARM_EACH = 3;
let dashboard = null;
try {
  // A real load each time: the URL differs from the last one only by its hash, so `goto` alone would
  // keep the page (and its last 5,000-tool report) and the click would wait for the old audit's end.
  const freshPage = async (page) => {
    await page.goto('about:blank');
    await page.goto(dashboard.url);
  };
  // The click itself (Playwright's actionability checks and the event's dispatch) is timed apart from
  // what the user waits for: from the click to the table shown.
  const clickToTable = async (page, testid) => {
    const started = Date.now();
    await page.getByTestId(testid).click();
    const clicked = Date.now();
    await page.getByTestId('summary-tools').waitFor({ timeout: 60_000 });
    return { total: Date.now() - started, click: clicked - started };
  };
  // The demo through its button, and the page's own load before it (from the navigation to the button
  // shown: the warm-up runs while the first one loads and must not slow it).
  const demoThroughForm = async (page) => {
    const loading = Date.now();
    await freshPage(page);
    await page.getByTestId('run-demo').waitFor();
    const ready = Date.now() - loading;
    return { ready, total: (await clickToTable(page, 'run-demo')).total };
  };
  const demoFirsts = [];
  const demoWarm = [];
  const pageFirsts = [];
  const pageWarm = [];
  let context = null;
  for (let start = 0; start < FRESH_STARTS; start++) {
    if (dashboard !== null) {
      await context.close();
      await dashboard.stop();
    }
    dashboard = await startDashboard(port, token);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const first = await demoThroughForm(page);
    demoFirsts.push(first.total);
    pageFirsts.push(first.ready);
    for (let i = 0; i < WARM_EACH; i++) {
      const warm = await demoThroughForm(page);
      demoWarm.push(warm.total);
      pageWarm.push(warm.ready);
    }
  }
  const page = context.pages()[0];
  const auditThroughForm = async () => {
    await freshPage(page);
    await page.getByTestId('target-command').fill('node test/fixtures/raw-stdio-server.mjs many');
    await page.getByTestId('env-add').click();
    await page.getByTestId('env-name-0').fill('FIXTURE_TOOLS');
    await page.getByTestId('env-value-0').fill('5000');
    return clickToTable(page, 'run-audit');
  };
  const firstAudit = await auditThroughForm();
  const auditMs = firstAudit.total;
  const warmAudits = [];
  const warmClicks = [];
  for (let i = 0; i < 5; i++) {
    const { total, click } = await auditThroughForm();
    warmAudits.push(total);
    warmClicks.push(click);
  }
  const shown = await page.getByTestId('rows-shown').textContent();
  const renderedRows = await page.getByTestId('tool-row').count();

  // One interaction, timed in the page: synchronous update, then the next frame.
  const timeIt = (action) =>
    page.evaluate(async (step) => {
      const el = document.querySelector(`[data-testid="${step.testid}"]`);
      const t0 = performance.now();
      if (step.kind === 'click') el.click();
      else {
        const proto = step.kind === 'select' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, step.value);
        el.dispatchEvent(new Event(step.kind === 'select' ? 'change' : 'input', { bubbles: true }));
      }
      const update = performance.now() - t0;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return { update, frame: performance.now() - t0 };
    }, action);

  const scenarios = [
    ['sort by name', [{ kind: 'click', testid: 'sort-name' }]],
    ['sort by a hint (openWorldHint)', [{ kind: 'click', testid: 'sort-openWorldHint' }]],
    ['sort by risk', [{ kind: 'click', testid: 'sort-risk' }]],
    [
      'text filter "tool_04" (then cleared)',
      [
        { kind: 'input', testid: 'table-filter', value: 'tool_04' },
        { kind: 'input', testid: 'table-filter', value: '' },
      ],
    ],
    [
      'class filter destructive-write (then all)',
      [
        { kind: 'select', testid: 'class-filter', value: 'destructive-write' },
        { kind: 'select', testid: 'class-filter', value: '' },
      ],
    ],
    [
      'flag filter unannotated (then all)',
      [
        { kind: 'select', testid: 'flag-filter', value: 'unannotated' },
        { kind: 'select', testid: 'flag-filter', value: '' },
      ],
    ],
  ];
  const rows = [];
  for (const [label, steps] of scenarios) {
    const update = [];
    const frame = [];
    for (let i = 0; i < runs + 2; i++) {
      for (const step of steps) {
        const result = await timeIt(step);
        if (i >= 2 && step === steps[0]) {
          update.push(result.update);
          frame.push(result.frame);
        }
      }
    }
    rows.push({ label, update: median(update), frame: median(frame), max: Math.max(...frame) });
  }
  const cores = cpus();
  console.log(
    `node ${process.version} · ${process.platform}/${process.arch} · ${cores.length} × ${cores[0]?.model.trim() ?? '?'} · ${(totalmem() / 2 ** 30).toFixed(1)} GiB · load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
  );
  console.log(
    `chromium ${browser.version()} · 5,000 tools · ${runs} runs each (2 warm-up) · ${new Date().toISOString()}`,
  );
  console.log(
    `demo audit through the button, click to table: first on a fresh server, median of ${FRESH_STARTS} starts ${median(demoFirsts)} ms (${demoFirsts.join(', ')}), then median of ${demoWarm.length} warm ${median(demoWarm)} ms (${Math.min(...demoWarm)}-${Math.max(...demoWarm)}): first/warm ${(median(demoFirsts) / median(demoWarm)).toFixed(2)}x`,
  );
  console.log(
    `the page, navigation to the demo button shown: first after a start (new browser context), median ${median(pageFirsts)} ms (${pageFirsts.join(', ')}); reloaded, median ${median(pageWarm)} ms`,
  );
  console.log(
    `5,000-tool audit through the form (spawn, 50 pages, report, render): first ${auditMs} ms, then median of 5 ${median(warmAudits)} ms (${Math.min(...warmAudits)}-${Math.max(...warmAudits)}), of which the click itself ${median(warmClicks)} ms; table shows "${shown}" with ${renderedRows} rows in the DOM`,
  );
  console.log(
    '| interaction | event dispatch median ms | to next frame median ms | to next frame max ms | frame / 100 ms budget |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.update.toFixed(1)} | ${row.frame.toFixed(1)} | ${row.max.toFixed(1)} | ${(row.frame / 100).toFixed(2)} |`,
    );
  }
} finally {
  await browser.close();
  await dashboard?.stop();
}
