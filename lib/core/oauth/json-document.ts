/**
 * Reading a fetched metadata document: a JSON object served as application/json (RFC 9728 §3.2,
 * RFC 8414 §3.2). Anything else becomes a described problem, never an exception.
 */
import type { FetchedDocument } from './schemas';

export interface ParsedDocument {
  value: Record<string, unknown> | null;
  /** What is wrong with it, as the end of a sentence ("is not JSON ..."), or null. */
  problem: string | null;
}

export function parseJsonObject(doc: FetchedDocument): ParsedDocument {
  if (doc.body === null) return { value: null, problem: null };
  const type = doc.contentType ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(doc.body);
  } catch {
    return { value: null, problem: `is not JSON (content type ${type === '' ? 'missing' : type})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { value: null, problem: 'is JSON but not an object' };
  if (!isJsonContentType(type))
    return {
      value: parsed as Record<string, unknown>,
      problem: `has content type ${type === '' ? '(none)' : type}, not application/json`,
    };
  return { value: parsed as Record<string, unknown>, problem: null };
}

/** application/json or a +json type (RFC 6839), parameters allowed. */
export function isJsonContentType(type: string | null): boolean {
  return /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type ?? '');
}

/** The string members of a JSON array, or none. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
