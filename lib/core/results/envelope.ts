/**
 * An untrusted-content envelope (issue 37; the seed article's server): the payload under one key and,
 * beside it, a key whose value carries a classification, e.g.
 * `{"_zealySecurity": {"classification": "untrusted", "source": "…", "warning": "…"}, "data": {…}}`.
 * Looked for in structured content and in text blocks that hold JSON, at the top level and one level
 * down (a result that wraps the envelope once more). Recognised by shape, never by the key's name.
 */
import { isRecord } from '../is-record';

export interface ResultEnvelope {
  /** Where it was found: "structuredContent", "content[0]". */
  where: string;
  /** The key holding the classification ("_zealySecurity"). */
  key: string;
  classification: string;
  source: string | null;
  warning: string | null;
  /** The keys beside it: where the data is ("data"). */
  dataKeys: string[];
}

/** Text longer than this is not parsed as JSON for an envelope. */
const PARSE_LIMIT = 1_000_000;

function envelopeIn(where: string, value: unknown, depth: number): ResultEnvelope | null {
  if (!isRecord(value)) return null;
  const keys = Object.keys(value);
  for (const key of keys) {
    const label = value[key];
    if (!isRecord(label) || typeof label.classification !== 'string' || keys.length < 2) continue;
    return {
      where,
      key,
      classification: label.classification,
      source: typeof label.source === 'string' ? label.source : null,
      warning: typeof label.warning === 'string' ? label.warning : null,
      dataKeys: keys.filter((other) => other !== key),
    };
  }
  if (depth === 0) return null;
  for (const key of keys) {
    const inner = envelopeIn(`${where}.${key}`, value[key], depth - 1);
    if (inner !== null) return inner;
  }
  return null;
}

/** The JSON a text holds, or undefined when it holds none (only an object or array is tried). */
export function jsonOfText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.length > PARSE_LIMIT || !/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** Every envelope of the given values (structured content, the JSON of text blocks). */
export function resultEnvelopes(values: readonly { where: string; value: unknown }[]): ResultEnvelope[] {
  return values.flatMap(({ where, value }) => {
    const found = envelopeIn(where, value, 1);
    return found === null ? [] : [found];
  });
}
