/**
 * The dashboard process's one state holder. The built dashboard may load a module once per route
 * bundle, so every value that all routes must share lives here, on globalThis under a registered
 * symbol (Symbol.for), created on first use: the concurrency caps (audit/concurrency.ts), sign-ins
 * (sign-in/dashboard-sign-ins.ts), running audits (http/audit-cancel.ts), the history store
 * (history/dashboard-history.ts) and the playground's sessions (playground/registry.ts).
 * e2e/process-state.spec.ts checks it in the built app.
 */

/** Everything held per process, by name: a new shared value is added to this list. */
export type ProcessStateName = 'concurrency' | 'dashboard-sign-ins' | 'audit-runs' | 'history' | 'playground';

/** The process's one value under `name`, created by `create` the first time it is asked for. */
export function processState<T>(name: ProcessStateName, create: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`mcp-hintcheck.${name}`);
  holder[key] ??= create();
  return holder[key];
}
