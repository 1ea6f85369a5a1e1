/**
 * Prompt injection and preference manipulation in everything a model reads about a tool, in the
 * first listing (lib/core/poisoning/, where the findings are defined: prompts, resources, templates,
 * the instructions, cards and skills get them too): its title and description, annotations.title and
 * the values of annotation keys the spec does not define, every title and description inside
 * inputSchema and outputSchema, their defaults, consts, enums and examples, and the strings of _meta.
 * An argument of the tool the text tells the model to fill is the exfiltration channel.
 */
import { isRecord } from '../is-record';
import { POISONING_DEFINITIONS, type PoisoningId } from '../poisoning/definitions';
import { poisoningFindings, type FieldText } from '../poisoning/findings';
import { stringValues } from '../poisoning/string-values';
import { schemaValueTexts } from '../surface/schema-texts';
import type { ToolFacts } from './facts';
import type { ToolRule } from './rule';

/** The names of a schema's top-level properties: the arguments a text may tell the model to fill. */
export function argumentNames(schema: unknown): string[] {
  return isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
}

/** Every text of the tool a model reads, with its field, the name left out (it holds no sentence). */
function modelTexts({ texts, schemaTexts = [], raw, analysis, inputSchema }: ToolFacts): FieldText[] {
  const annotations = isRecord(raw?.annotations) ? raw.annotations : {};
  return [
    ...texts.filter(({ field }) => field !== 'name'),
    ...analysis.nonStandardKeys.flatMap((key) => stringValues(annotations[key], `annotations.${key}`)),
    ...schemaTexts,
    ...schemaValueTexts(raw?.inputSchema ?? inputSchema, 'inputSchema'),
    ...schemaValueTexts(raw?.outputSchema, 'outputSchema'),
    ...stringValues(raw?._meta, '_meta'),
  ];
}

export const poisonedText: ToolRule<PoisoningId> = {
  definitions: POISONING_DEFINITIONS,
  check(facts, raise) {
    for (const finding of poisoningFindings(modelTexts(facts), argumentNames(facts.inputSchema)))
      raise(finding.id, finding.message, finding.severity);
  },
};
