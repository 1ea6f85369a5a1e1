/**
 * An untrusted-content envelope (issue 37; the seed article's server): the payload under one key and,
 * beside it, a key whose value carries a classification, e.g.
 * `{"_zealySecurity": {"classification": "untrusted", "source": "…", "warning": "…"}, "data": {…}}`.
 * Looked for in structured content and in text blocks that hold JSON, at the top level and one level
 * down (a result that wraps the envelope once more). Recognised by shape, never by the key's name.
 * Rule: a result so marked (result-untrusted-envelope, info: a good habit, said so a reviewer sees it).
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { isRecord } from '../is-record';
import { REFERENCE } from './reference';

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

export const RESULT_UNTRUSTED_ENVELOPE_DEFINITION: FindingDefinition<'result-untrusted-envelope'> = {
  id: 'result-untrusted-envelope',
  severity: 'info',
  title: 'The result is marked as untrusted content',
  meaning:
    'The result wraps its payload in an envelope: the data under one key and, beside it, a key holding a classification (for example `{"_zealySecurity": {"classification": "untrusted", …}, "data": …}`, the seed article\'s server). The server says the data was written by others and must be treated as data, never as instructions. It is a good habit: the label travels with the data.',
  doesNotTell:
    "Whether the client or the model honours the label: the envelope is structural, the model may still follow text inside the data. Filtering tool output before acting on it stays the client's job.",
  reference: `${REFERENCE}; the seed article (untrusted-content envelope)`,
};

/** One finding for the first envelope of a result. */
export function envelopeFindings(envelopes: readonly ResultEnvelope[]): Finding<'result-untrusted-envelope'>[] {
  return envelopes
    .slice(0, 1)
    .map((envelope) =>
      raised(
        RESULT_UNTRUSTED_ENVELOPE_DEFINITION,
        `${envelope.where} is wrapped as "${envelope.classification.slice(0, 40)}" content (key ${JSON.stringify(envelope.key.slice(0, 60))}, data under ${envelope.dataKeys.slice(0, 3).join(', ')}).`,
      ),
    );
}
