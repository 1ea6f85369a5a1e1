// No function over 80 lines in lib/, components/ or app/ without its reason in the comment right above
// it ("Long because: ..."), and the checker itself on snippets (so this check can fail).
import { describe, expect, it } from 'vitest';
import { longFunctions, projectLongFunctions } from './function-length';
import { ROOT } from './helpers';

/** A function whose body is `bodyLines` lines, so `bodyLines + 2` lines in all, under `comment`. */
function snippet(comment: string, bodyLines: number): string {
  const body = Array.from({ length: bodyLines }, (_, i) => `  const v${i} = ${i};`).join('\n');
  return `import x from 'y';\n${comment}\nexport function big(): void {\n${body}\n}\n`;
}

describe('longFunctions', () => {
  it('passes a function of 80 lines with no comment', () => {
    expect(longFunctions('a.ts', snippet('', 78))).toEqual([]);
  });

  it('finds a function of 81 lines with no reason', () => {
    expect(longFunctions('a.ts', snippet('/** Adds things up. */', 79))).toEqual([
      { file: 'a.ts', line: 3, name: 'big', lines: 81, reason: undefined },
    ]);
  });

  it('reads the reason from a JSDoc, a // line or a JSX comment right above', () => {
    for (const comment of [
      '/**\n * Adds things up.\n * Long because: one table of cases.\n */',
      '// Adds things up.\n// Long because: one table of cases.',
      '{/* Long because: one table of cases. */}',
    ]) {
      expect(longFunctions('a.ts', snippet(comment, 79))[0]?.reason).toBe('one table of cases.');
    }
  });

  it('wants a reason after the words, and the comment right above', () => {
    expect(longFunctions('a.ts', snippet('// Long because:', 79))[0]?.reason).toBeUndefined();
    expect(longFunctions('a.ts', snippet('// Long because: markup.\nconst gap = 1;', 79))[0]?.reason).toBeUndefined();
  });

  it('finds arrow functions and functions passed as arguments, by the line they start on', () => {
    const body = Array.from({ length: 80 }, (_, i) => `    void ${i};`).join('\n');
    const text = `const f = () => {\n${body}\n};\nuse(() => {\n${body}\n});\n`;
    expect(longFunctions('b.tsx', text).map(({ name, line }) => [name, line])).toEqual([
      ['f', 1],
      ['<anonymous>', 83],
    ]);
  });
});

describe('the project', () => {
  const found = projectLongFunctions(ROOT, ['lib', 'components', 'app']);

  it('gives every function over 80 lines its reason', () => {
    const unexplained = found
      .filter((fn) => fn.reason === undefined)
      .map((fn) => `${fn.file}:${fn.line} ${fn.name} (${fn.lines} lines)`);
    expect(unexplained).toEqual([]);
  });
});
