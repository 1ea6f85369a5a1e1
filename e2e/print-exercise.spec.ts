// The printed review document of an exercised report (issue 37): its exercise section (the summary box
// of lib/core/report/exercise-overview.ts, each call with its evidence), and a long unbroken evidence path
// wrapped inside the page instead of clipped at its right edge. The report is the demo's own JSON export
// with one tool's behaviour added, opened as a saved report; the PDF is made by Chromium and read back
// with pdftotext; the wrapping is checked on the layout boxes with print media emulated.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

/** One unbroken path, far wider than an A4 line: 40 folders of 12 letters and a file name. */
const LONG_PATH = `./${Array.from({ length: 40 }, (_, i) => `folder${String(i).padStart(6, '0')}`).join('/')}/notes.txt`;
const LAST_PIECE = 'folder000039/notes.txt';

function exercised(report: { tools: { name: string; behaviour?: unknown }[] } & Record<string, unknown>) {
  const tool = report.tools[0];
  if (tool === undefined) throw new Error('the demo listed no tools');
  const effect = {
    kind: 'create',
    area: 'work',
    target: LONG_PATH,
    to: null,
    ok: true,
    error: null,
    phase: 'during',
    atMs: 12,
    evidence: `openat(AT_FDCWD, "${LONG_PATH.slice(2)}", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3`,
  };
  tool.behaviour = {
    status: 'contradicted',
    claims: ['read-only'],
    summary: `created ${LONG_PATH} though it claims read-only`,
    calls: [
      {
        tool: tool.name,
        round: 1,
        argumentsJson: '{}',
        argumentsFrom: 'generated',
        outcome: 'ok',
        message: null,
        durationMs: 30,
        resultBytes: 10,
        effects: [effect],
        filteredAsNoise: 0,
        changed: [LONG_PATH],
      },
    ],
  };
  report.exercise = {
    mode: 'checkable',
    sandbox: 'bubblewrap',
    tracer: 'strace',
    durationMs: 900,
    startEffects: [],
    calls: 1,
    skipped: [{ tool: report.tools[1]?.name ?? 'other', reason: 'its hints claim nothing a trace can check' }],
    stopped: null,
  };
  return report;
}

test('an exercised report prints its exercise section and wraps a long evidence path', async ({ page }, info) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runDemo();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const report = exercised(JSON.parse(readFileSync(await (await download).path(), 'utf8')) as never);
  await page.getByTestId('open-saved-report').setInputFiles({
    name: 'exercised.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(report)),
  });
  await expect(page.getByTestId('print-document')).toBeAttached({ timeout: 15_000 });
  await expect(page.getByTestId('print-document')).toContainText('exercised.json');

  // On paper: nothing in the document is wider than the document (a clipped line would be).
  await page.emulateMedia({ media: 'print' });
  const document = page.getByTestId('print-document');
  await expect(document.getByTestId('print-exercise-summary')).toBeVisible();
  const overflowing = await document.evaluate((root) => {
    const right = root.getBoundingClientRect().right + 1;
    return [...root.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > right || element.scrollWidth > root.clientWidth + 1)
      .map((element) => `${element.tagName} ${element.textContent.slice(0, 60)}`)
      .slice(0, 5);
  });
  expect(overflowing).toEqual([]);
  // Back to no emulation: page.pdf prints with print media unless screen media is emulated.
  await page.emulateMedia({ media: null });

  // The PDF holds the exercise section, the summary box, and the path's evidence to its last piece.
  const pdfPath = info.outputPath('exercised.pdf');
  writeFileSync(pdfPath, await page.pdf({ format: 'A4', printBackground: true }));
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  writeFileSync(info.outputPath('exercised.txt'), text);
  expect(text).toContain('Behaviour in a sandbox');
  expect(text).toContain('contradicted 1');
  expect(text).toContain('Not exercised, not called: its hints claim nothing a trace can check');
  expect(text).toContain('openat(AT_FDCWD');
  // Wrapped, the path is cut into lines: its pieces are all on the paper, the last one included.
  expect(text.replace(/\s+/g, '')).toContain(LAST_PIECE);
  expect(text.replace(/\s+/g, '')).toContain(`O_WRONLY|O_CREAT|O_TRUNC,0644)=3`);
});
