/**
 * Arguments for an exercised call: given ones (--calls FILE, the dashboard) as they are, otherwise
 * a sample of the tool's inputSchema from @stoplight/json-schema-sampler (required fields only,
 * deterministic, so a repeat sends the same arguments) steered to safe values (core/exercise/steer.ts).
 * A tool that claims read-only gets a second pass: its optional path and file-name fields are filled
 * too (issue 34: five "read-only" Playwright tools write where their optional `filename` says). URLs
 * and ports point at the loopback listener (loopback-listener.mjs), at HINTCHECK_STEER_URL when set.
 */
import { sample } from '@stoplight/json-schema-sampler';
import { optionalPaths, steerArguments, type SteerTargets } from '../../core/exercise/steer';
import { NEW_FILE, SAMPLE_FILE } from './folders';
import { SANDBOX_WORK } from './sandbox';
import { LISTENER_PORT } from './listener';

/** Where steered arguments point; `url` defaults to the loopback listener, or HINTCHECK_STEER_URL. */
export function steerTargets(url = process.env.HINTCHECK_STEER_URL): SteerTargets {
  const target = url ?? `http://127.0.0.1:${LISTENER_PORT}/hintcheck`;
  const port = Number(/^[a-z]+:\/\/[^/:]+:(\d+)/i.exec(target)?.[1] ?? LISTENER_PORT);
  return {
    work: SANDBOX_WORK,
    sampleFile: `${SANDBOX_WORK}/${SAMPLE_FILE}`,
    newFile: `${SANDBOX_WORK}/${NEW_FILE}`,
    url: target,
    port,
  };
}

function sampled(schema: unknown, requiredOnly: boolean): unknown {
  try {
    if (typeof schema === 'object' && schema !== null)
      return sample(schema, { skipNonRequired: requiredOnly, maxSampleDepth: 5, quiet: true });
  } catch {
    // A schema the sampler cannot read: {} (or the required fields only).
  }
  return {};
}

/** The generated arguments for a tool, or {} when its schema cannot be sampled. */
export function generatedArguments(
  tool: { name: string; description: string | null; inputSchema?: unknown },
  readOnly = false,
): Record<string, unknown> {
  const required = sampled(tool.inputSchema, true);
  let chosen = required;
  if (readOnly && typeof required === 'object' && required !== null) {
    const full = sampled(tool.inputSchema, false);
    const extra = optionalPaths(tool.inputSchema);
    const picked = Object.fromEntries(
      Object.entries(typeof full === 'object' && full !== null ? full : {}).filter(([name]) => extra.includes(name)),
    );
    chosen = { ...required, ...picked };
  }
  return steerArguments(chosen, tool.inputSchema, steerTargets(), tool);
}
