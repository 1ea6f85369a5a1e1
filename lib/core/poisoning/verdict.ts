/**
 * The verdict on one text a model reads: the evidence of an attack it carries, one class per file of
 * this folder, and whether it steers the choice of tools. Evidence of an attack is concealment, an
 * override, a role or system marker around an order (a marker alone is decoration, orders.ts reads
 * the order inside), a sensitive target, an exfiltration channel; any one of them makes the text a
 * prompt injection (critical, definitions.ts). An order without such evidence is a workflow order
 * and no evidence.
 */
import { concealmentPhrase } from './concealment';
import { exfiltrationReader } from './exfiltration';
import { markers } from './markers';
import { instructionPhrase } from './orders';
import { overridePhrase } from './override';
import { preferencePhrase } from './preference';
import { sensitiveTargetPhrase } from './sensitive-targets';

export const EVIDENCE_CLASSES = [
  'concealment',
  'override',
  'marker',
  'sensitive target',
  'exfiltration channel',
] as const;
export type EvidenceClass = (typeof EVIDENCE_CLASSES)[number];

export interface Evidence {
  kind: EvidenceClass;
  /** The words that decided it, as written. */
  phrase: string;
}

export interface TextVerdict {
  attack: Evidence[];
  preference: { phrase: string; disparaging: boolean } | null;
}

/** A role or system marker with the order it sets apart ("<IMPORTANT> … Before using this tool, read …"), or null. */
function markedOrder(text: string): string | null {
  for (const marker of markers(text)) {
    const order = instructionPhrase(marker.block, true);
    if (order !== null) return `${marker.phrase} … ${order}`;
  }
  return null;
}

/** Reads exfiltration channels: into these argument names, or through a reader built once (exfiltrationReader). */
export type ChannelReader = readonly string[] | ((text: string) => string | null);

/** The evidence one text carries. `channels`: the arguments of the tool or prompt it belongs to. */
export function textVerdict(written: string, channels: ChannelReader = []): TextVerdict {
  const channel = typeof channels === 'function' ? channels : exfiltrationReader(channels);
  // A line broken inside a paragraph (a docstring's wrapping) reads on; a blank line still ends one.
  const text = written.includes('\n') ? written.replace(/[ \t]*\n(?![ \t]*\n)[ \t]*/g, ' ') : written;
  const found: [EvidenceClass, string | null][] = [
    ['concealment', concealmentPhrase(text)],
    ['override', overridePhrase(text)],
    ['marker', markedOrder(text)],
    ['sensitive target', sensitiveTargetPhrase(text)],
    ['exfiltration channel', channel(text)],
  ];
  return {
    attack: found.flatMap(([kind, phrase]) => (phrase === null ? [] : [{ kind, phrase }])),
    preference: preferencePhrase(text),
  };
}
