/**
 * Prompt injection in what a declaration says for the model to read (a server card, SEP-2127, or a
 * server.json): every description, title and instructions text it holds (its own, its tools' and
 * their schemas'), checked like the listing's texts (lib/core/poisoning/), with the arguments its
 * tools declare as the channels. A card is read before anyone connects: a poisoned card poisons the
 * choice of server.
 */
import type { Finding } from '../finding';
import { isRecord } from '../is-record';
import type { PoisoningId } from '../poisoning/definitions';
import { poisoningFindings } from '../poisoning/findings';
import { stringValues } from '../poisoning/string-values';
import type { Declaration } from '../server-json/input';

const PROSE_KEYS = new Set(['description', 'title', 'instructions', 'summary']);

/** The arguments the declaration's tools name (their inputSchema properties). */
function declaredArguments(document: unknown): string[] {
  const tools = isRecord(document) && Array.isArray(document.tools) ? document.tools : [];
  return tools.flatMap((tool) =>
    isRecord(tool) && isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties)
      ? Object.keys(tool.inputSchema.properties)
      : [],
  );
}

/** The poisoning findings of one declaration's prose. */
export function declarationTextFindings(declaration: Pick<Declaration, 'kind' | 'document'>): Finding<PoisoningId>[] {
  const prose = stringValues(declaration.document, declaration.kind === 'card' ? 'card' : 'server.json').filter(
    ({ field }) => PROSE_KEYS.has(field.slice(field.lastIndexOf('.') + 1)),
  );
  return poisoningFindings(prose, declaredArguments(declaration.document));
}
