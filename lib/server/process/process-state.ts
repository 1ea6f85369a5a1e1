/**
 * One value per process, whichever module instance asks. The built dashboard may load a module once
 * per route bundle, so state that must be shared by every route (the concurrency cap, sign-ins,
 * running audits) lives on globalThis under a registered symbol (Symbol.for), created on first use.
 */

/** The process's one value under `name`, created by `create` the first time it is asked for. */
export function processState<T>(name: string, create: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`mcp-hintcheck.${name}`);
  holder[key] ??= create();
  return holder[key];
}
