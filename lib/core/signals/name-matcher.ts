/**
 * Every tool name of a listing found in a text in one pass (issue 48): an Aho-Corasick automaton over
 * the names (UTF-16 code units, exact case), so finding them costs the text's length plus the hits,
 * whatever the names' characters and however many there are. A hit counts only where the name stands
 * as a word of its own: not right after a name character (letters, digits, `_`, `.`, `-`), and not
 * right before a letter, digit, `_` or `-` (a full stop may follow: "call export_members.").
 */

/** An occurrence of the name at `name` (its index in the names given) starting at `start`. */
export interface NameHit {
  name: number;
  start: number;
}

const isNameChar = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x5f ||
  code === 0x2d ||
  code === 0x2e;

/** Code units per node key: a child is found at `node * UNITS + code`. */
const UNITS = 0x10000;

export class NameMatcher {
  private readonly edges = new Map<number, number>();
  /** Per node: its failure link, the name ending there (-1: none), its depth, the next node of its suffix chain with a name. */
  private readonly fail: number[] = [0];
  private readonly ending: number[] = [-1];
  private readonly depth: number[] = [0];
  private readonly output: number[] = [-1];

  /** `names`: a name given twice is found under its first index. */
  constructor(names: readonly string[]) {
    const children: number[][] = [[]];
    names.forEach((name, index) => {
      if (name === '') return;
      let node = 0;
      for (let i = 0; i < name.length; i++) {
        const code = name.charCodeAt(i);
        let child = this.edges.get(node * UNITS + code);
        if (child === undefined) {
          child = this.fail.length;
          this.edges.set(node * UNITS + code, child);
          this.fail.push(0);
          this.ending.push(-1);
          this.depth.push(i + 1);
          this.output.push(-1);
          children.push([]);
          children[node]?.push(code);
        }
        node = child;
      }
      if (this.ending[node] === -1) this.ending[node] = index;
    });
    this.link(children);
  }

  /** Failure and output links, breadth first (a node's links come from its parent's, one level up). */
  private link(children: number[][]): void {
    const queue = [0];
    // The queue grows while it is walked: every node is reached once, after its parent.
    for (const node of queue) {
      for (const code of children[node] ?? []) {
        const child = this.edges.get(node * UNITS + code) ?? 0;
        let fail = 0;
        if (node !== 0) {
          let from = this.fail[node] ?? 0;
          while (from !== 0 && !this.edges.has(from * UNITS + code)) from = this.fail[from] ?? 0;
          fail = this.edges.get(from * UNITS + code) ?? 0;
        }
        this.fail[child] = fail;
        this.output[child] = (this.ending[fail] ?? -1) !== -1 ? fail : (this.output[fail] ?? -1);
        queue.push(child);
      }
    }
  }

  /** The names standing as words in `text`, each hit in the order it ends. */
  hits(text: string): NameHit[] {
    const found: NameHit[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let next = this.edges.get(state * UNITS + code);
      while (next === undefined && state !== 0) {
        state = this.fail[state] ?? 0;
        next = this.edges.get(state * UNITS + code);
      }
      state = next ?? 0;
      const after = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
      if (after !== -1 && after !== 0x2e && isNameChar(after)) continue;
      let node = (this.ending[state] ?? -1) !== -1 ? state : (this.output[state] ?? -1);
      while (node !== -1) {
        const start = i + 1 - (this.depth[node] ?? 0);
        if (start === 0 || !isNameChar(text.charCodeAt(start - 1)))
          found.push({ name: this.ending[node] ?? -1, start });
        node = this.output[node] ?? -1;
      }
    }
    return found;
  }
}

const matchers = new WeakMap<readonly string[], NameMatcher>();

/** The matcher of `names`, made once per array (a listing passes the same array for every tool). */
export function nameMatcherOf(names: readonly string[]): NameMatcher {
  let matcher = matchers.get(names);
  if (matcher === undefined) {
    matcher = new NameMatcher(names);
    matchers.set(names, matcher);
  }
  return matcher;
}
