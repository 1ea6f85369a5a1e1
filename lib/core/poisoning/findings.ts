/**
 * The poisoning findings of one item (a tool, a prompt, a resource, a template, the instructions, a
 * card, a skill) from the texts a model reads of it, each with its field: at most one
 * prompt-injection and one preference-manipulation finding, each quoting the words that decided it
 * (escaped with JSON.stringify and capped) in the fields it found them (the first three).
 */
import { raised, type Finding } from '../finding';
import { PREFERENCE_MANIPULATION_DEFINITION, PROMPT_INJECTION_DEFINITION, type PoisoningId } from './definitions';
import { exfiltrationReader } from './exfiltration';
import { textVerdict, type Evidence } from './verdict';

/** A text with the field it was read from ("description", "inputSchema.properties.sidenote.description"). */
export interface FieldText {
  field: string;
  text: string;
}

const MAX_FIELDS = 3;
const MAX_QUOTE = 120;

const quote = (phrase: string): string => {
  const line = phrase.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line);
};

function listed(hits: readonly { field: string; words: string }[]): string {
  const shown = hits.slice(0, MAX_FIELDS).map((hit) => `in ${hit.field}: ${hit.words}`);
  const more = hits.length > MAX_FIELDS ? ` (and ${hits.length - MAX_FIELDS} more fields)` : '';
  return `${shown.join('; ')}${more}`;
}

const evidenceWords = (evidence: readonly Evidence[]): string =>
  evidence.map((item) => `${item.kind} ${quote(item.phrase)}`).join(', ');

/** The poisoning findings of one item's texts; `argumentNames`: the arguments its texts may name. */
export function poisoningFindings(
  texts: readonly FieldText[],
  argumentNames: readonly string[] = [],
): Finding<PoisoningId>[] {
  const attacks: { field: string; words: string }[] = [];
  const disparaging: { field: string; words: string }[] = [];
  const promotion: { field: string; words: string }[] = [];
  const channel = exfiltrationReader(argumentNames);
  for (const { field, text } of texts) {
    if (text.trim() === '') continue;
    const verdict = textVerdict(text, channel);
    if (verdict.attack.length > 0) attacks.push({ field, words: evidenceWords(verdict.attack) });
    if (verdict.preference !== null)
      (verdict.preference.disparaging ? disparaging : promotion).push({
        field,
        words: quote(verdict.preference.phrase),
      });
  }
  const findings: Finding<PoisoningId>[] = [];
  if (attacks.length > 0)
    findings.push(
      raised(PROMPT_INJECTION_DEFINITION, `The text orders the model with evidence of an attack, ${listed(attacks)}.`),
    );
  if (disparaging.length > 0)
    findings.push(
      raised(
        PREFERENCE_MANIPULATION_DEFINITION,
        `The text tells the model to shun other tools, ${listed(disparaging)}.`,
      ),
    );
  else if (promotion.length > 0)
    findings.push(
      raised(
        PREFERENCE_MANIPULATION_DEFINITION,
        `The text asks the model to choose it first or always, ${listed(promotion)}.`,
        'low',
      ),
    );
  return findings;
}
