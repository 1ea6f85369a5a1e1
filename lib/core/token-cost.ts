/**
 * What an item costs in a model's context: the UTF-8 bytes of its JSON as sent, and an ESTIMATE of
 * its tokens with OpenAI's o200k_base encoding (gpt-tokenizer). Hosts strip some fields and use other
 * tokenizers, so a token figure is an estimate and must be labelled as one wherever it is shown.
 *
 * gpt-tokenizer gives js-tiktoken's counts 13-25x faster (1.57 MB of tool JSON: 38-71 ms against
 * 929-1,033 ms; its table loads in 176 ms against 675 ms), which is most of a 5,000-tool dashboard
 * audit's report (docs/benchmarks.md). This module is loaded only where tokens are counted.
 */
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { utf8Length } from './bytes';

export interface Cost {
  /** UTF-8 bytes of the JSON text. */
  bytes: number;
  /** Estimated tokens (o200k_base). */
  tokens: number;
}

/**
 * A server's text is data: a special token's spelling in it (`<|endoftext|>`) is counted as the
 * plain text it is, as a host that sends it to a model must, instead of throwing.
 */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Estimated tokens of a text (o200k_base). */
export function countTokens(text: string): number {
  return countO200k(text, AS_TEXT);
}

/** The cost of a value as it travels: its compact JSON. `undefined` costs nothing. */
export function jsonCost(value: unknown): Cost {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return { bytes: 0, tokens: 0 };
  return { bytes: utf8Length(text), tokens: countTokens(text) };
}
