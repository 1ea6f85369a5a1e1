import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostFolderPlan } from './host-folders';

const base = mkdtempSync(join(tmpdir(), 'hintcheck-host-plan-'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

function folder(name: string, files: Record<string, string>): string {
  const dir = join(base, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('hostFolderPlan: host folders on the command line become copies in the sandbox', () => {
  const notes = folder('notes', { 'a.txt': 'a', 'sub/b.txt': 'bb', '.env': 'K=v', 'hintcheck-sample.txt': 'x' });
  const repo = folder('repo', { 'README.md': 'r' });
  const code = folder('code', { 'server.js': '' });

  it('maps the first folder to the working folder, a --flag=folder to its own copy, and plans every file', () => {
    const plan = hostFolderPlan(['--stdio', notes, `--root=${repo}`, 'plain-word'], {
      cwd: base,
      code: [],
      planted: new Set(['hintcheck-sample.txt']),
    });
    expect(plan.args).toEqual(['--stdio', '/tmp/work', '--root=/tmp/folders/2-repo', 'plain-word']);
    expect(plan.planted.map((file) => file.sandboxPath).sort()).toEqual([
      '/tmp/folders/2-repo/README.md',
      '/tmp/work/a.txt',
      '/tmp/work/sub/b.txt',
    ]);
    expect(plan.folders.map((entry) => entry.sandboxPath)).toEqual(
      expect.arrayContaining(['/tmp/folders', '/tmp/folders/2-repo', '/tmp/work/sub']),
    );
    expect(plan.copies[0]?.leftOut.map((entry) => entry.path).sort()).toEqual(['.env', 'hintcheck-sample.txt']);
    expect(plan.copies[0]).toMatchObject({ host: notes, files: 2, bytes: 3 });
  });

  it('keeps `.` as the working folder, a relative folder resolved against the audit folder, the same folder once', () => {
    const plan = hostFolderPlan(['.', 'notes', notes], { cwd: base, code: [], planted: new Set() });
    expect(plan.args).toEqual(['.', '/tmp/folders/1-notes', '/tmp/folders/1-notes']);
    expect(plan.copies).toHaveLength(1);
  });

  it("leaves the server's code alone: a folder holding the script or bound back to run it", () => {
    const plan = hostFolderPlan([join(code, 'server.js'), code, base], {
      cwd: base,
      code: [join(code, 'server.js')],
      planted: new Set(),
    });
    expect(plan.args).toEqual([join(code, 'server.js'), code, base]);
    expect(plan.copies).toEqual([]);
  });

  it('copies a root folder for roots/list, and nothing for a missing path', () => {
    const plan = hostFolderPlan([join(base, 'missing')], { cwd: base, code: [], planted: new Set(), roots: [repo] });
    expect(plan.args).toEqual([join(base, 'missing')]);
    expect(plan.mapped.get(repo)).toBe('/tmp/work');
  });
});
