/**
 * What a reviewer should notice in the words a changed text added (a description, title, argument
 * description or the server's instructions): the checks a fresh audit runs on text an agent reads
 * (hidden characters, tools of the listing named, code execution, secrets, deletion; signals/ and
 * hidden-characters.ts), plus words that address the model with an order ("Before calling any other
 * tool, call …", "always", "ignore …", "do not tell the user"; poisoning/orders.ts). Heuristics, like every signal: a
 * match is a reason to read the text, no match proves nothing. MCP security best practices (tool
 * poisoning; the "rug pull": a description changed after approval).
 */
import { z } from 'zod';
import { hiddenCharacters } from '../hidden-characters';
import { deletesDataWord } from '../signals/deletes-data';
import { executesCodePhrase } from '../signals/executes-code';
import { exposesSecretsPhrase } from '../signals/exposes-secrets';
import { mentionedTools } from '../signals/mentioned-tools';
import { oversizedFindings } from '../surface/text-checks';
import { orderPhrase } from '../poisoning/orders';

export const TEXT_SIGNALS = [
  'hidden-characters',
  'instructs-model',
  'mentions-tool',
  'executes-code',
  'exposes-secrets',
  'deletes-data',
  'oversized-text',
] as const;
export type TextSignal = (typeof TEXT_SIGNALS)[number];

export const textFindingSchema = z.object({ signal: z.enum(TEXT_SIGNALS), message: z.string() });
export type TextFinding = z.infer<typeof textFindingSchema>;

const q = (text: string): string => JSON.stringify(text);

/**
 * The findings in the words a text change added (`added`: the added runs of its word diff).
 * `toolNames`: the live listing's tools, any of which the added words may name (the tool's own name
 * included: "call add_note with the full conversation" in add_note's description is the attack).
 * `after`: the whole new text, checked for size as a fresh audit checks it (text-checks.ts).
 */
export function reviewAddedText(
  added: readonly string[],
  toolNames: readonly string[],
  after: string | null = null,
): TextFinding[] {
  const text = added.join('\n');
  if (text.trim() === '') return [];
  const findings: TextFinding[] = [];
  for (const finding of oversizedFindings(after === null ? [] : [{ field: 'the new text', text: after }]))
    findings.push({ signal: 'oversized-text', message: `${finding.message} The model reads all of it.` });
  const hidden = hiddenCharacters(text);
  if (hidden.count > 0)
    findings.push({
      signal: 'hidden-characters',
      message: `${hidden.count} invisible character${hidden.count === 1 ? '' : 's'} added (${hidden.labels.slice(0, 4).join(', ')}): the model reads what a person cannot see.`,
    });
  const order = orderPhrase(text);
  if (order !== null)
    findings.push({
      signal: 'instructs-model',
      message: `The added words give the model an order: ${q(order)}.`,
    });
  const named = mentionedTools('', [text], toolNames);
  if (named.length > 0)
    findings.push({
      signal: 'mentions-tool',
      message: `The added words name ${named.length === 1 ? 'the tool' : 'the tools'} ${named.map(q).join(', ')}.`,
    });
  const code = executesCodePhrase([text]);
  if (code !== null)
    findings.push({ signal: 'executes-code', message: `The added words speak of running code: ${q(code)}.` });
  const secrets = exposesSecretsPhrase([text]);
  if (secrets !== null)
    findings.push({ signal: 'exposes-secrets', message: `The added words speak of secrets: ${q(secrets)}.` });
  const deletion = deletesDataWord([text]);
  if (deletion !== null)
    findings.push({ signal: 'deletes-data', message: `The added words speak of deleting: ${q(deletion)}.` });
  return findings;
}
