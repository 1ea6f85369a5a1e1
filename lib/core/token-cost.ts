/**
 * What an item costs in a model's context: the UTF-8 bytes of its JSON as sent, and an ESTIMATE of
 * its tokens with OpenAI's o200k_base encoding (js-tiktoken). Hosts strip some fields and use other
 * tokenizers, so a token figure is an estimate and must be labelled as one wherever it is shown.
 *
 * The encoder's rank table is large: it is built on first use, never at import.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { utf8Length } from './bytes';

/** The encoding the estimates use, named wherever a figure is shown. */
export const TOKEN_ENCODING = 'o200k_base';

export interface Cost {
  /** UTF-8 bytes of the JSON text. */
  bytes: number;
  /** Estimated tokens (o200k_base). */
  tokens: number;
}

let encoder: Tiktoken | undefined;

/** Estimated tokens of a text (o200k_base). */
export function countTokens(text: string): number {
  encoder ??= new Tiktoken(o200kBase);
  return encoder.encode(text).length;
}

/** The cost of a value as it travels: its compact JSON. `undefined` costs nothing. */
export function jsonCost(value: unknown): Cost {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return { bytes: 0, tokens: 0 };
  return { bytes: utf8Length(text), tokens: countTokens(text) };
}

/** Sum of costs. */
export function addCosts(costs: readonly Cost[]): Cost {
  return costs.reduce((total, cost) => ({ bytes: total.bytes + cost.bytes, tokens: total.tokens + cost.tokens }), {
    bytes: 0,
    tokens: 0,
  });
}
