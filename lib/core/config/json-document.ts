/**
 * A JSON (or JSON with comments) configuration file as a ConfigDocument, with lines from
 * jsonc-parser's tree offsets.
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

export function jsonDocument(text: string, comments: boolean): ConfigDocument {
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
