/**
 * Every string of a result a model would read, with where it sits: the text of its blocks (and the
 * names and descriptions of resource links), and the strings of its structured content by JSON path.
 * Bounded: a result of a million strings is read up to a cap, and the cap is said.
 */
import { isRecord } from '../is-record';
import type { ResultBlock } from './blocks';

export interface ResultText {
  where: string;
  text: string;
}

/** At most this many strings of structured content are read. */
export const STRUCTURED_STRING_LIMIT = 5000;

function blockTexts(block: ResultBlock): ResultText[] {
  switch (block.kind) {
    case 'text':
      return [{ where: block.where, text: block.text }];
    case 'resource':
      return block.text === null ? [] : [{ where: block.where, text: block.text }];
    case 'resource-link':
      return [block.name, block.description]
        .filter((text): text is string => text !== null)
        .map((text) => ({ where: block.where, text }));
    default:
      return [];
  }
}

/** The strings inside a JSON value, depth first, keys included (a key is read by the model too). */
export function jsonTexts(where: string, value: unknown, out: ResultText[], limit = STRUCTURED_STRING_LIMIT): void {
  const stack: { where: string; value: unknown }[] = [{ where, value }];
  while (stack.length > 0 && out.length < limit) {
    const next = stack.pop();
    if (next === undefined) break;
    if (typeof next.value === 'string') out.push({ where: next.where, text: next.value });
    else if (Array.isArray(next.value))
      next.value.forEach((item, i) => stack.push({ where: `${next.where}[${i}]`, value: item }));
    else if (isRecord(next.value))
      for (const [key, item] of Object.entries(next.value)) {
        if (!/^[A-Za-z0-9_$-]*$/.test(key)) out.push({ where: `${next.where} (a key)`, text: key });
        stack.push({ where: `${next.where}.${key}`, value: item });
      }
  }
}

/** The texts of the blocks, then of the structured content (and a prompt's description). */
export function resultTexts(blocks: readonly ResultBlock[], result: unknown): ResultText[] {
  const texts = blocks.flatMap(blockTexts);
  if (isRecord(result)) {
    if (typeof result.description === 'string') texts.push({ where: 'description', text: result.description });
    if (result.structuredContent !== undefined) {
      const structured: ResultText[] = [];
      jsonTexts('structuredContent', result.structuredContent, structured);
      texts.push(...structured);
    }
  }
  return texts;
}
