/**
 * tools/resolve (the tool-resolution extension) on a hosted server: each tool that declares itself
 * resolvable is resolved once, with the arguments the exercise would send (lib/server/exercise/
 * arguments.ts), and lib/core/resolve/ checks the answer's shape and that it stays within the static
 * hints. Nothing here can see whether the server executed anything: that proof needs the exercise
 * sandbox, so a local (stdio) server is resolved only there (docs/server-json.md, "tools/resolve":
 * the hook the sandbox calls). At most 20 tools, one request each, the audit's request timeout.
 */
import { z } from 'zod';
import { isRecord } from '../../core/is-record';
import type { Resolution } from '../../core/resolve/definitions';
import { isResolvable, MAX_RESOLVED, TOOL_RESOLUTION_METHOD } from '../../core/resolve/resolvable';
import type { Connection } from '../mcp/connect';

const anything = z.unknown();

/** The resolvable tools of the listing, with what resolving each needs. */
export function resolvableTools(
  pages: readonly { tools: readonly unknown[] }[],
): { name: string; raw: Record<string, unknown> }[] {
  return pages
    .flatMap((page) => page.tools)
    .filter(
      (tool): tool is Record<string, unknown> => isRecord(tool) && typeof tool.name === 'string' && isResolvable(tool),
    )
    .slice(0, MAX_RESOLVED)
    .map((raw) => ({ name: raw.name as string, raw }));
}

/** The arguments a resolution sends: the exercise's generated ones (loaded only when a tool is resolvable). */
export async function resolveArguments(raw: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { generatedArguments } = await import('../exercise/arguments');
  return generatedArguments({
    name: String(raw.name),
    description: typeof raw.description === 'string' ? raw.description : null,
    inputSchema: raw.inputSchema,
  });
}

/**
 * One resolution, unobserved: its evidence is null (not observed, never "clean"); a local server is
 * resolved in the sandbox instead (lib/server/exercise/resolutions.ts).
 */
export async function resolveOne(
  live: Connection,
  tool: { name: string; raw: Record<string, unknown> },
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<Resolution> {
  const argumentsSent = await resolveArguments(tool.raw);
  const send = (): Promise<unknown> =>
    live.client.request(
      { method: TOOL_RESOLUTION_METHOD, params: { name: tool.name, arguments: argumentsSent } },
      anything,
      {
        signal: options.signal,
        timeout: options.timeoutMs,
      },
    );
  const base = { tool: tool.name, staticAnnotations: tool.raw.annotations, argumentsSent };
  try {
    return { ...base, answer: { result: await send() }, evidence: null };
  } catch (error) {
    return {
      ...base,
      answer: { error: error instanceof Error ? error.message.slice(0, 200) : 'the request failed' },
      evidence: null,
    };
  }
}

/** Every resolvable tool of a hosted server, resolved in turn. */
export async function resolveHosted(
  live: Connection,
  pages: readonly { tools: readonly unknown[] }[],
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<Resolution[]> {
  const resolutions: Resolution[] = [];
  for (const tool of resolvableTools(pages)) resolutions.push(await resolveOne(live, tool, options));
  return resolutions;
}
