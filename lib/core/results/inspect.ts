/**
 * Inspecting a result (issue 37): what a tools/call, resources/read or prompts/get answer holds, as
 * safe blocks, and what a reviewer should see before a model reads it: instructions to the model,
 * hidden characters (hidden-characters.ts, the detector of the descriptions' flag), links (never
 * followed), an untrusted-content envelope, secrets (secrets.ts: found by format, then replaced in
 * the result every view shows, before anything else reads it), and structured content against the
 * output schema. Pure: nothing a result contains is followed, fetched, loaded or run.
 */
import type { Finding } from '../finding';
import { isRecord } from '../is-record';
import { resultBlocks, type ResultBlock, type ResultMethod } from './blocks';
import type { ResultFindingId } from './definitions';
import { envelopeFindings, jsonOfText, resultEnvelopes, type ResultEnvelope } from './envelope';
import { hiddenFindings } from './hidden-characters';
import { instructionFindings } from './instructions';
import { linkFindings, resultLinks } from './links';
import { resultTexts } from './result-texts';
import { maskSecrets } from './secret-formats';
import { secretFindings } from './secrets';
import { checkStructured, type StructuredCheck } from './structured';

export interface ResultInspection {
  method: ResultMethod;
  /** The result to show or keep: as sent, with every secret found in it replaced. */
  result: unknown;
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

export function inspectResult(method: ResultMethod, sent: unknown, context: InspectContext = {}): ResultInspection {
  const secrets = secretFindings(resultTexts(resultBlocks(method, sent), sent));
  const result = secrets.length === 0 ? sent : maskSecrets(sent);
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
    result,
    isError: method === 'tools/call' && record.isError === true,
    blocks,
    structured:
      method === 'tools/call'
        ? { value: structuredValue, check: checkStructured(structuredValue, context.outputSchema) }
        : null,
    envelopes,
    links,
    findings: [
      ...secrets,
      ...instructionFindings(texts, context.toolNames ?? []),
      ...hiddenFindings(texts),
      ...linkFindings(links),
      ...envelopeFindings(envelopes),
    ],
  };
}
