/**
 * A JSON (or JSON with comments) configuration file as a ConfigDocument, with lines from
 * jsonc-parser's tree offsets. A file nested deeper than MAX_JSON_DEPTH is refused before it is
 * parsed (issue 48: the parser recurses, and thousands of levels overflow the stack).
 */
import {
  findNodeAtLocation,
  getNodeValue,
  parseTree,
  printParseErrorCode,
  type ParseError,
} from 'jsonc-parser/lib/esm/main.js'; // The ESM build: the package's main (UMD) requires files at run time, which a bundle cannot follow.
import { lineAt, type ConfigDocument, type DocumentMember } from './config-document';
import { isRecord } from '../is-record';

/** Objects and arrays nested deeper than this are refused (a real configuration nests a few levels). */
export const MAX_JSON_DEPTH = 256;

/** Where the nesting of objects and arrays first goes past `limit` (strings and comments skipped), or -1. */
export function tooDeepAt(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '{' || c === '[') {
      depth++;
      if (depth > limit) return i;
    } else if (c === '}' || c === ']') depth--;
  }
  return -1;
}

export function jsonDocument(text: string, comments: boolean): ConfigDocument {
  const deep = tooDeepAt(text, MAX_JSON_DEPTH);
  if (deep !== -1)
    return {
      root: null,
      rootType: 'nothing',
      error: {
        message: `Objects and arrays nested more than ${MAX_JSON_DEPTH} levels deep (mcp-hintcheck reads no deeper; no client's configuration nests so)`,
        line: lineAt(text, deep),
        more: 0,
        limit: true,
      },
      at: () => undefined,
    };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: comments, disallowComments: !comments });
  const first = errors[0];
  const rootValue: unknown = tree?.type === 'object' ? getNodeValue(tree) : undefined;
  return {
    root: isRecord(rootValue) ? rootValue : null,
    rootType: tree === undefined ? 'nothing' : tree.type,
    error:
      first === undefined
        ? null
        : { message: printParseErrorCode(first.error), line: lineAt(text, first.offset), more: errors.length - 1 },
    at: (path) => {
      if (tree?.type !== 'object') return undefined;
      const node = findNodeAtLocation(tree, [...path]);
      if (node === undefined) return undefined;
      const line = lineAt(text, node.offset);
      if (node.type !== 'object') return { kind: 'other', line, type: node.type };
      const members: DocumentMember[] = [];
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode === undefined) continue;
        members.push({
          name: String(keyNode.value),
          line: lineAt(text, keyNode.offset),
          value: valueNode === undefined ? undefined : getNodeValue(valueNode),
        });
      }
      return { kind: 'object', line, members };
    },
  };
}
