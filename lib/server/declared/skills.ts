/**
 * The skills a server serves (SEP-2640), when its capabilities declare the extension
 * (capabilities.extensions["io.modelcontextprotocol/skills"]): every skills/list page (bounded),
 * then every listed file read with resources/read and hashed here (SHA-256 of its raw bytes: a text
 * content's UTF-8, a blob's decoded base64), so lib/core compares the digests the listing gave with
 * what was served. Raw requests with a loose schema: the SDK's own SkillsClient throws on the first
 * mismatch, and an auditor must see them all. Bounded: 20 pages, 512 files, 16 MiB (the SDK's limits).
 * On a 2026-07-28 connection each listed skill is also fetched once with skills/get (at most 32), and
 * every result is kept as received for its cache fields (lib/core/skills/cache-fields.ts).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isRecord } from '../../core/is-record';
import type { SkillsRead } from '../../core/declared/section';
import { setOwn } from '../../core/own';
import { readSkillsPage, SKILLS_EXTENSION, type FileRead, type SkillObservation } from '../../core/skills/observed';
import type { SkillsEnvelope } from '../../core/skills/cache-fields';
import type { Connection } from '../mcp/connect';

const MAX_PAGES = 20;
const MAX_FILES = 512;
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_GETS = 32;
const anything = z.unknown();

export function declaresSkills(capabilities: unknown): boolean {
  return (
    isRecord(capabilities) && isRecord(capabilities.extensions) && isRecord(capabilities.extensions[SKILLS_EXTENSION])
  );
}

interface ReadOptions {
  signal: AbortSignal;
  timeoutMs: number;
}

const sha256 = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

async function readFile(live: Connection, uri: string, options: ReadOptions): Promise<FileRead> {
  try {
    const result = await live.client.request({ method: 'resources/read', params: { uri } }, anything, {
      signal: options.signal,
      timeout: options.timeoutMs,
    });
    const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
    const first: unknown = contents.find((entry: unknown) => isRecord(entry) && entry.uri === uri) ?? contents[0];
    if (!isRecord(first)) return { error: 'resources/read returned no content' };
    if (typeof first.text === 'string') {
      const bytes = Buffer.from(first.text, 'utf8');
      return { digest: sha256(bytes), size: bytes.length, text: first.text };
    }
    if (typeof first.blob === 'string') {
      const bytes = Buffer.from(first.blob, 'base64');
      return { digest: sha256(bytes), size: bytes.length, text: null };
    }
    return { error: 'the content has neither text nor blob' };
  } catch (error) {
    return { error: error instanceof Error ? error.message.slice(0, 200) : 'resources/read failed' };
  }
}

/** One request; the result exactly as the server sent it (the wire's, over what the SDK made of it). */
async function requestAsSent(
  live: Connection,
  method: SkillsEnvelope['method'],
  params: Record<string, unknown>,
  options: ReadOptions,
): Promise<unknown> {
  live.observed.takeRaw(method);
  const parsed = await live.client.request({ method, params }, anything, {
    signal: options.signal,
    timeout: options.timeoutMs,
  });
  const raw = live.observed.takeRaw(method);
  return raw !== undefined && 'result' in raw ? raw.result : parsed;
}

/** On a modern connection, skills/get once per listed skill (bounded), each result kept as received. */
async function getEach(live: Connection, read: SkillsRead, options: ReadOptions): Promise<void> {
  for (const skill of read.skills.slice(0, MAX_GETS)) {
    const result = await requestAsSent(live, 'skills/get', { uri: skill.uri }, options).catch(() => undefined);
    if (result !== undefined) read.envelopes?.push({ method: 'skills/get', about: skill.uri, result });
  }
}

export async function readSkills(live: Connection, options: ReadOptions): Promise<SkillsRead> {
  const modern = live.era === 'modern';
  const read: SkillsRead = { skills: [], invalid: [], envelopes: [], modern };
  let cursor: string | undefined;
  let seen = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await requestAsSent(live, 'skills/list', cursor === undefined ? {} : { cursor }, options);
    read.envelopes?.push({ method: 'skills/list', about: cursor ?? null, result });
    const parsed = readSkillsPage(result, seen);
    seen += parsed.skills.length + parsed.invalid.length;
    read.invalid.push(...parsed.invalid);
    read.skills.push(...parsed.skills.map((skill): SkillObservation => ({ ...skill, reads: {} })));
    if (parsed.nextCursor === null || parsed.nextCursor === cursor) break;
    cursor = parsed.nextCursor;
  }
  if (modern) await getEach(live, read, options);
  let files = 0;
  let bytes = 0;
  for (const skill of read.skills) {
    if (skill.files === 'dynamic') continue;
    for (const file of skill.files) {
      if (files >= MAX_FILES || bytes >= MAX_BYTES) return read;
      files++;
      const got = await readFile(live, file.uri, options);
      if (!('error' in got)) bytes += got.size;
      setOwn(skill.reads, file.uri, got);
    }
  }
  return read;
}
