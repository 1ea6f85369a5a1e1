/**
 * Rule: text in a result that gives the model an order (result-instructs-model). The orders a changed
 * description is checked for (poisoning/orders.ts orderPhrase: overrides such as "ignore previous
 * instructions", conditions on other calls, absolutes, secrecy, asks for the conversation), an order
 * to call a tool of the listing (signals/mentioned-tools.ts orderedCall: "call export_members"), and
 * a notice addressed to the model ("SECURITY NOTICE:", "IMPORTANT:", "<IMPORTANT>", "Note to the AI").
 */
import { noticePhrase, orderPhrase } from '../poisoning/orders';
import { raised, type Finding, type FindingDefinition } from '../finding';
import { mentionedTools, orderedCall } from '../signals/mentioned-tools';
import { REFERENCE } from './reference';
import type { ResultText } from './result-texts';

export const RESULT_INSTRUCTS_MODEL_DEFINITION: FindingDefinition<'result-instructs-model'> = {
  id: 'result-instructs-model',
  severity: 'medium',
  title: 'The result gives the model an order',
  meaning:
    'Text in the result addresses the model rather than reporting data: an override ("ignore previous instructions"), an order to call a tool ("call export_members", "always use …"), secrecy ("do not tell the user") or a notice written for the model ("SECURITY NOTICE:", "IMPORTANT:"). A model reads a result as part of its context; an instruction there is how injected text steers an agent. Even a well-meant notice is an instruction inside a result, which a model may follow or ignore. Heuristic: phrase patterns.',
  doesNotTell:
    'Who wrote the text (the server, or a third party whose data it returns), or whether a given model would obey it. No match proves nothing: an instruction can be phrased in ways no pattern knows.',
  reference: `${REFERENCE}; Anthropic, "Mitigating prompt injection" (do not put instructions in tool results)`,
};

/** The first phrase of `text` that orders the model, or null. */
export function instructionIn(text: string, toolNames: readonly string[]): string | null {
  const order = noticePhrase(text) ?? orderPhrase(text);
  if (order !== null) return order;
  const named = mentionedTools('', [text], toolNames);
  return named.length === 0 ? null : orderedCall([text], named);
}

const MAX_NAMED = 3;

export function instructionFindings(
  texts: readonly ResultText[],
  toolNames: readonly string[],
): Finding<'result-instructs-model'>[] {
  const hits = texts.flatMap(({ where, text }) => {
    const phrase = instructionIn(text, toolNames);
    return phrase === null ? [] : [{ where, phrase }];
  });
  if (hits.length === 0) return [];
  const shown = hits
    .slice(0, MAX_NAMED)
    .map((hit) => `${hit.where}: ${JSON.stringify(hit.phrase.slice(0, 120))}`)
    .join('; ');
  const more = hits.length > MAX_NAMED ? ` (and ${hits.length - MAX_NAMED} more)` : '';
  return [raised(RESULT_INSTRUCTS_MODEL_DEFINITION, `Text in the result orders the model: ${shown}${more}.`)];
}
