// Functions longer than a screen in the project's own TypeScript (lib/, components/, app/), found with
// the TypeScript parser, and whether each carries its reason: the comment lines right above the line it
// starts on (its JSDoc, `//` lines, or `{/* */}` in JSX) must say "Long because:" and then why.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 80;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
  reason: string | undefined;
}

const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|\{\/\*)/;
const REASON = /Long because:\s*(\S.*?)\s*(\*\/\}?)?\s*$/;

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '<anonymous>';
}

/** The reason given in the comment lines directly above `line` (0-based), if any. */
function reasonAbove(lines: readonly string[], line: number): string | undefined {
  for (let i = line - 1; i >= 0 && COMMENT_LINE.test(lines[i] ?? ''); i--) {
    const match = REASON.exec(lines[i] ?? '');
    if (match?.[1] !== undefined) return match[1];
  }
  return undefined;
}

/** Every function in one file's text longer than MAX_FUNCTION_LINES, with its reason if it has one. */
export function longFunctions(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES) {
        found.push({ file, line: start + 1, name: nameOf(node), lines: length, reason: reasonAbove(lines, start) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(root, path));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** Every long function under `dirs` (relative to root), tests left out. */
export function projectLongFunctions(root: string, dirs: readonly string[]): LongFunction[] {
  return dirs
    .flatMap((dir) => sourceFiles(root, dir))
    .flatMap((file) => longFunctions(file, readFileSync(join(root, file), 'utf8')));
}
