/**
 * Inspecting a result (issue 37): what a tools/call, resources/read or prompts/get answer holds, as
 * safe blocks, and what a reviewer should see before a model reads it: instructions to the model,
 * hidden characters (hidden-characters.ts, the detector of the descriptions' flag), links (never
 * followed), an untrusted-content envelope, and structured content against the output schema. Pure:
 * nothing a result contains is followed, fetched, loaded or run.
 */
import { hiddenCharacters } from '../hidden-characters';
import { raised, type Finding } from '../finding';
import { isRecord } from '../is-record';
import { resultBlocks, type ResultBlock, type ResultMethod } from './blocks';
import {
  RESULT_HIDDEN_CHARACTERS_DEFINITION,
  RESULT_UNTRUSTED_ENVELOPE_DEFINITION,
  type ResultFindingId,
} from './definitions';
import { jsonOfText, resultEnvelopes, type ResultEnvelope } from './envelope';
import { instructionFindings } from './instructions';
import { linkFindings, resultLinks } from './links';
import { resultTexts, type ResultText } from './result-texts';
import { checkStructured, type StructuredCheck } from './structured';

export interface ResultInspection {
  method: ResultMethod;
  /** tools/call: the result's isError. */
  isError: boolean;
  blocks: ResultBlock[];
  /** tools/call: the structured content as sent (undefined when absent) and how it fits the output schema. */
  structured: { value: unknown; check: StructuredCheck } | null;
  envelopes: ResultEnvelope[];
  links: string[];
  findings: Finding<ResultFindingId>[];
}

export interface InspectContext {
  /** The listing's tool names (an order to call one of them is an instruction). */
  toolNames?: readonly string[];
  /** tools/call: the tool's outputSchema, if it declares one. */
  outputSchema?: unknown;
}

function hiddenFindings(texts: readonly ResultText[]): Finding<'result-hidden-characters'>[] {
  const hits = texts.map(({ where, text }) => ({ where, ...hiddenCharacters(text) })).filter((hit) => hit.count > 0);
  if (hits.length === 0) return [];
  const shown = hits
    .slice(0, 4)
    .map((hit) => `${hit.where} (${hit.count}: ${hit.labels.slice(0, 4).join(', ')})`)
    .join('; ');
  return [raised(RESULT_HIDDEN_CHARACTERS_DEFINITION, `Invisible characters in ${shown}.`)];
}

function envelopeFindings(envelopes: readonly ResultEnvelope[]): Finding<'result-untrusted-envelope'>[] {
  return envelopes
    .slice(0, 1)
    .map((envelope) =>
      raised(
        RESULT_UNTRUSTED_ENVELOPE_DEFINITION,
        `${envelope.where} is wrapped as "${envelope.classification.slice(0, 40)}" content (key ${JSON.stringify(envelope.key.slice(0, 60))}, data under ${envelope.dataKeys.slice(0, 3).join(', ')}).`,
      ),
    );
}

export function inspectResult(method: ResultMethod, result: unknown, context: InspectContext = {}): ResultInspection {
  const blocks = resultBlocks(method, result);
  const texts = resultTexts(blocks, result);
  const record = isRecord(result) ? result : {};
  const structuredValue = method === 'tools/call' ? record.structuredContent : undefined;
  const parsedTexts = blocks.flatMap((block) =>
    block.kind === 'text' || (block.kind === 'resource' && block.text !== null)
      ? [{ where: block.where, value: jsonOfText(block.kind === 'text' ? block.text : (block.text ?? '')) }]
      : [],
  );
  const envelopes = resultEnvelopes([
    ...(structuredValue === undefined ? [] : [{ where: 'structuredContent', value: structuredValue }]),
    ...parsedTexts.filter((entry) => entry.value !== undefined),
  ]);
  const links = resultLinks(blocks, texts);
  return {
    method,
    isError: method === 'tools/call' && record.isError === true,
    blocks,
    structured:
      method === 'tools/call'
        ? { value: structuredValue, check: checkStructured(structuredValue, context.outputSchema) }
        : null,
    envelopes,
    links,
    findings: [
      ...instructionFindings(texts, context.toolNames ?? []),
      ...hiddenFindings(texts),
      ...linkFindings(links),
      ...envelopeFindings(envelopes),
    ],
  };
}
