// `npm test`'s skipped tests (issue 49): how many, in which files, and why (what this machine lacks,
// test/machine.ts), and whether that fails the run: in CI (CI=true, as .ci/run sets) on a machine with
// bubblewrap, a skipped sandbox test means the behaviour check went untested, so the run fails.
import { relative } from 'node:path';

/** A test file that runs servers in the sandbox (bubblewrap, strace) and skips without it. */
const SANDBOX_FILE = /sandbox-env|inline-server|\bbwrap\b|\bstrace\b/;

/** The skipped tests of Vitest JSON reports (`--reporter=json`), per file relative to `root`. */
export function skippedFiles(reports, root) {
  const files = new Map();
  for (const report of reports)
    for (const file of report?.testResults ?? []) {
      const skipped = (file.assertionResults ?? []).filter((test) =>
        ['skipped', 'pending', 'todo'].includes(test.status),
      ).length;
      if (skipped > 0) {
        const name = relative(root, file.name);
        files.set(name, (files.get(name) ?? 0) + skipped);
      }
    }
  return [...files].map(([file, count]) => ({ file, count }));
}

/**
 * The closing lines about skipped tests and whether they fail the run. `files`: skippedFiles();
 * `e2eSkipped`: Playwright's count; `gaps`: test/machine.ts's list; `source(file)`: the file's text.
 */
export function skipVerdict({ files, e2eSkipped, gaps, ci, hasBwrap, source }) {
  const total = files.reduce((sum, f) => sum + f.count, 0) + e2eSkipped;
  const lines = [`skipped: ${total} test${total === 1 ? '' : 's'}`];
  for (const { file, count } of files) lines.push(`  ${file}: ${count}`);
  if (e2eSkipped > 0) lines.push(`  end-to-end (Playwright): ${e2eSkipped}`);
  if (gaps.length > 0) lines.push(`  this machine lacks: ${gaps.map((gap) => gap.reason).join('; ')}`);
  else if (total > 0) lines.push('  (by platform or Node.js version: each file says which)');
  const sandboxSkipped = files.filter(({ file }) => SANDBOX_FILE.test(source(file)));
  const sandboxGaps = gaps.filter((gap) => gap.area === 'sandbox');
  const fail = ci && hasBwrap && (sandboxSkipped.length > 0 || sandboxGaps.length > 0);
  if (fail)
    lines.push(
      `✖ CI with bubblewrap installed, but sandbox tests were skipped (${sandboxSkipped.map((f) => f.file).join(', ') || sandboxGaps.map((gap) => gap.reason).join('; ')}): the behaviour check went untested.`,
    );
  return { lines, fail };
}
