/**
 * What an item costs in a model's context, as the Report carries it for tools and for the rest of
 * the surface alike: the UTF-8 bytes of its JSON as sent and, when a token counter was passed in
 * (lib/core never loads a tokenizer itself: token-cost.ts is loaded by the caller), an estimate of its tokens.
 */
import { z } from 'zod';
import { utf8Length } from '../bytes';

export const costSchema = z.object({
  /** UTF-8 bytes of the item's JSON as sent. */
  bytes: z.number().int(),
  /** Estimated tokens (o200k_base); null when not counted. */
  tokens: z.number().int().nullable(),
});
export type CostRecord = z.infer<typeof costSchema>;

/** Bytes and estimated tokens of a value's compact JSON (or of a plain text). */
export function costOf(
  value: unknown,
  countTokens: ((text: string) => number) | undefined,
  asText = false,
): CostRecord {
  const text = asText && typeof value === 'string' ? value : (JSON.stringify(value) as string | undefined);
  if (text === undefined) return { bytes: 0, tokens: countTokens === undefined ? null : 0 };
  return { bytes: utf8Length(text), tokens: countTokens === undefined ? null : countTokens(text) };
}

/** The sum of costs; tokens are null when any is. */
export function addCostRecords(costs: readonly CostRecord[]): CostRecord {
  return costs.reduce<CostRecord>(
    (total, cost) => ({
      bytes: total.bytes + cost.bytes,
      tokens: total.tokens === null || cost.tokens === null ? null : total.tokens + cost.tokens,
    }),
    { bytes: 0, tokens: 0 },
  );
}
