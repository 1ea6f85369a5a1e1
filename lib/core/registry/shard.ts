/**
 * `--shard K/N`: a stable share of a registry's entries, by the hash of the server's name (FNV-1a, 32
 * bits), so a re-run splits the same way, and every version of a server lands in the same shard.
 */
import type { RegistryEntry } from './entry';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The 1-based shard a server name belongs to. */
export const shardOf = (name: string, count: number): number => (fnv1a(name) % count) + 1;

export function inShard(entry: Pick<RegistryEntry, 'name'>, shard: Shard | null): boolean {
  return shard === null || shardOf(entry.name, shard.count) === shard.index;
}

/** "K/N" with 1 <= K <= N <= 1000, or an error message. */
export function parseShard(text: string): Shard | string {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (match === null) return `--shard must look like K/N (for example 2/3), not "${text.slice(0, 20)}"`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1000 || index < 1 || index > count)
    return `--shard ${index}/${count}: K must be from 1 to N, and N at most 1000`;
  return { index, count };
}
