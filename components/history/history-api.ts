/**
 * The History view's requests to /api/history/**, each answer checked against its schema so a
 * broken answer becomes a shown problem, never a crash.
 */
import { z } from 'zod';
import { driftSchema, type Drift } from '@/lib/core/contract/drift';
import {
  historyEntrySchema,
  historyServerSchema,
  type HistoryEntry,
  type HistoryServer,
} from '@/lib/core/history/entry';
import { problemFromResponse } from '@/components/session/problem-from-response';
import { apiFetch } from '@/components/session/api-fetch';
import type { Problem } from '@/lib/core/problems';

export type Answer<T> = { ok: true; value: T } | { ok: false; problem: Problem };

async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, { headers: { Accept: 'application/json' } });
  } catch (error) {
    return {
      ok: false,
      problem: {
        code: 'network',
        message: `The dashboard could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'Check that the dashboard is still running.',
      },
    };
  }
  if (!response.ok) return { ok: false, problem: await problemFromResponse(response) };
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return {
      ok: false,
      problem: { code: 'bad-answer', message: 'The history answer did not have the expected shape.' },
    };
  }
  return { ok: true, value: parsed.data };
}

export function fetchServers(): Promise<Answer<HistoryServer[]>> {
  return getJson(
    '/api/history',
    z.object({ servers: z.array(historyServerSchema) }).transform((body) => body.servers),
  );
}

export function fetchAudits(serverId: number): Promise<Answer<HistoryEntry[]>> {
  return getJson(
    `/api/history/audits?server=${serverId}`,
    z.object({ audits: z.array(historyEntrySchema) }).transform((body) => body.audits),
  );
}

export function fetchDiff(a: number, b: number): Promise<Answer<Drift>> {
  return getJson(
    `/api/history/diff?a=${a}&b=${b}`,
    z.object({ drift: driftSchema }).transform((body) => body.drift),
  );
}

/** Where "Approve as contract" downloads audit `id`'s contract from. */
export function contractUrl(id: number): string {
  return `/api/history/contract?id=${id}`;
}

/**
 * The contract of one saved audit, as text: fetched with the session token (a plain link cannot carry
 * it: the dashboard sets no cookie), then saved by the page.
 */
export async function fetchContract(id: number): Promise<Answer<string>> {
  let response: Response;
  try {
    response = await apiFetch(contractUrl(id), { headers: { Accept: 'application/json' } });
  } catch {
    return { ok: false, problem: { code: 'network', message: 'The dashboard did not answer.' } };
  }
  if (!response.ok) return { ok: false, problem: await problemFromResponse(response) };
  return { ok: true, value: await response.text() };
}
