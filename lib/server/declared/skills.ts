/**
 * The skills a server serves (SEP-2640), when its capabilities declare the extension
 * (capabilities.extensions["io.modelcontextprotocol/skills"]): every skills/list page (bounded),
 * then every listed file read with resources/read and hashed here (SHA-256 of its raw bytes: a text
 * content's UTF-8, a blob's decoded base64), so lib/core compares the digests the listing gave with
 * what was served. Raw requests with a loose schema: the SDK's own SkillsClient throws on the first
 * mismatch, and an auditor must see them all. Bounded: 20 pages, 512 files, 16 MiB (the SDK's limits).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isRecord } from '../../core/is-record';
import type { SkillsRead } from '../../core/declared/section';
import { setOwn } from '../../core/own';
import { readSkillsPage, SKILLS_EXTENSION, type FileRead, type SkillObservation } from '../../core/skills/observed';
import type { Connection } from '../mcp/connect';

const MAX_PAGES = 20;
const MAX_FILES = 512;
const MAX_BYTES = 16 * 1024 * 1024;
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

export async function readSkills(live: Connection, options: ReadOptions): Promise<SkillsRead> {
  const read: SkillsRead = { skills: [], invalid: [] };
  let cursor: string | undefined;
  let seen = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await live.client.request(
      { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
      anything,
      { signal: options.signal, timeout: options.timeoutMs },
    );
    const parsed = readSkillsPage(result, seen);
    seen += parsed.skills.length + parsed.invalid.length;
    read.invalid.push(...parsed.invalid);
    read.skills.push(...parsed.skills.map((skill): SkillObservation => ({ ...skill, reads: {} })));
    if (parsed.nextCursor === null || parsed.nextCursor === cursor) break;
    cursor = parsed.nextCursor;
  }
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
