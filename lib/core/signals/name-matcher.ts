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

/**
 * The trie's edges, (node, code unit) to child, in an open-addressing table of typed arrays: a lookup
 * per character of every text read, with no number boxed and no key past the small-integer range
 * (a Map keyed by `node * 0x10000 + code` boxed each key past 32,767 nodes).
 */
class Edges {
  private mask = 0xff;
  /** Per slot: the parent node + 1 (0: free), the code unit, the child. */
  private parents = new Int32Array(this.mask + 1);
  private codes = new Uint16Array(this.mask + 1);
  private children = new Int32Array(this.mask + 1);
  private size = 0;

  private slot(node: number, code: number): number {
    let h = Math.imul(node, 0x9e3779b1) ^ Math.imul(code, 0x85ebca77);
    h ^= h >>> 15;
    return h & this.mask;
  }

  /** The child of `node` by `code`, or -1. */
  get(node: number, code: number): number {
    for (let at = this.slot(node, code); ; at = (at + 1) & this.mask) {
      const parent = this.parents[at] ?? 0;
      if (parent === 0) return -1;
      if (parent === node + 1 && this.codes[at] === code) return this.children[at] ?? -1;
    }
  }

  /** Adds an edge that is not there yet. */
  add(node: number, code: number, child: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    let at = this.slot(node, code);
    while ((this.parents[at] ?? 0) !== 0) at = (at + 1) & this.mask;
    this.parents[at] = node + 1;
    this.codes[at] = code;
    this.children[at] = child;
    this.size += 1;
  }

  private grow(): void {
    const { parents, codes, children } = this;
    this.mask = this.mask * 2 + 1;
    this.parents = new Int32Array(this.mask + 1);
    this.codes = new Uint16Array(this.mask + 1);
    this.children = new Int32Array(this.mask + 1);
    this.size = 0;
    parents.forEach((parent, at) => {
      if (parent !== 0) this.add(parent - 1, codes[at] ?? 0, children[at] ?? 0);
    });
  }
}

export class NameMatcher {
  private readonly edges = new Edges();
  /** Per node: its failure link, the name ending there (-1: none), its depth, the next node of its suffix chain with a name. */
  private readonly fail: number[] = [0];
  private readonly ending: number[] = [-1];
  private readonly depth: number[] = [0];
  private readonly output: number[] = [-1];

  /**
   * `names`: a name given twice is found under its first index. `anywhere`: every occurrence counts,
   * inside a word too (a substring search, as `text.includes(name)` for every name at once).
   */
  constructor(
    names: readonly string[],
    private readonly anywhere = false,
  ) {
    const children: number[][] = [[]];
    names.forEach((name, index) => {
      if (name === '') return;
      let node = 0;
      for (let i = 0; i < name.length; i++) {
        const code = name.charCodeAt(i);
        let child = this.edges.get(node, code);
        if (child === -1) {
          child = this.fail.length;
          this.edges.add(node, code, child);
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
        const child = this.edges.get(node, code);
        let fail = 0;
        if (node !== 0) {
          let from = this.fail[node] ?? 0;
          while (from !== 0 && this.edges.get(from, code) === -1) from = this.fail[from] ?? 0;
          fail = Math.max(0, this.edges.get(from, code));
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
      let next = this.edges.get(state, code);
      while (next === -1 && state !== 0) {
        state = this.fail[state] ?? 0;
        next = this.edges.get(state, code);
      }
      state = Math.max(0, next);
      const after = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
      if (!this.anywhere && after !== -1 && after !== 0x2e && isNameChar(after)) continue;
      let node = (this.ending[state] ?? -1) !== -1 ? state : (this.output[state] ?? -1);
      while (node !== -1) {
        const start = i + 1 - (this.depth[node] ?? 0);
        if (this.anywhere || start === 0 || !isNameChar(text.charCodeAt(start - 1)))
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
