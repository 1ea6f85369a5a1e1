// How a failure to open the history is told (issue 49): a native addon that does not load is the
// module's fault, never the history folder's. The error is a real one: Node's own dlopen of a file
// that is no addon (ERR_DLOPEN_FAILED, the code an addon built for another Node.js gets too).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { historyError } from './errors';

const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-addon-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function dlopenError(): unknown {
  const file = join(scratch, 'better_sqlite3.node');
  writeFileSync(file, 'not an addon');
  try {
    process.dlopen({ exports: {} }, file);
  } catch (error) {
    return error;
  }
  throw new Error('dlopen loaded a text file');
}

describe('historyError', () => {
  it('names the SQLite module, not the folder, when its addon does not load', () => {
    const error = historyError(dlopenError(), '/home/me/.local/share/mcp-hintcheck/history.db');
    expect(error.code).toBe('native-module');
    expect(error.message).toContain('better-sqlite3');
    expect(error.message).not.toContain('history.db');
    expect(error.hint).toContain('npm rebuild better-sqlite3');
    expect(error.hint).toContain('--no-history');
    expect(error.hint).not.toMatch(/folder exists/);
  });

  it('says "built for another Node.js" when the addon`s NODE_MODULE_VERSION differs', () => {
    // Node's own words for an addon built under Node 20 loaded by Node 22 (src/node_binding.cc).
    const abi = Object.assign(
      new Error(
        "The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).",
      ),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    const error = historyError(abi, '/tmp/history.db');
    expect(error.code).toBe('native-module');
    expect(error.message).toBe(
      `The history's SQLite module (better-sqlite3, /x/better_sqlite3.node) was built for another Node.js (NODE_MODULE_VERSION 115; this Node.js ${process.version} needs 127), so the history cannot be opened.`,
    );
  });

  it('still blames the file for a file-system failure', () => {
    const error = historyError(
      Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' }),
      '/x/h.db',
    );
    expect(error.code).toBe('unwritable');
    expect(error.message).toContain('/x/h.db');
  });
});
