/**
 * One page of a list result as the server sent it (tools, prompts, resources or templates), with
 * the current era's cache fields when present. Spec: MCP 2026-07-28, list results `ttlMs`/`cacheScope`.
 */

export interface RawListPage {
  /** The items array of the page, untouched. */
  items: readonly unknown[];
  /** UTF-8 bytes of the whole result. */
  bytes: number;
  /** As sent; the key is absent when the server sent none. */
  ttlMs?: unknown;
  cacheScope?: unknown;
}
