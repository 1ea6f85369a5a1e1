/**
 * The client capabilities an audit declares (spec, Lifecycle: capability negotiation; Client features:
 * Roots, Sampling, Elicitation). Servers may register tools only for clients that declare a capability,
 * so an audit that declares none sees fewer tools than a host does. `host` declares what common hosts
 * declare and the SDK in use can answer: roots (with listChanged), sampling, elicitation (form and url),
 * and tasks as a task-capable host does (the official Inspector among them): the 2025-11-25 `tasks`
 * capability for task-augmented sampling and elicitation (SEP-1686), and the 2026-07-28 extension
 * `io.modelcontextprotocol/tasks` (SEP-2663). A task-augmented request is answered as a plain one
 * (sampling refused, elicitation declined, at once: SEP-1686 lets a receiver process it normally), so
 * the audit never holds a task the server would poll. Servers list some tools only to such a client.
 */
import { z } from 'zod';
import { isRecord } from '../is-record';

export const CAPABILITY_MODES = ['host', 'none', 'file'] as const;
/** The modes that need no file: the dashboard's select. */
export const CAPABILITY_PRESETS = ['host', 'none'] as const;
export type CapabilityPreset = (typeof CAPABILITY_PRESETS)[number];

/** What a client may declare: known keys checked for shape, unknown keys kept (the set is open). */
export const clientCapabilitiesSchema = z.looseObject({
  roots: z.looseObject({ listChanged: z.boolean().optional() }).optional(),
  sampling: z.looseObject({}).optional(),
  elicitation: z.looseObject({}).optional(),
  tasks: z.looseObject({}).optional(),
  experimental: z.record(z.string(), z.looseObject({})).optional(),
  extensions: z.record(z.string(), z.looseObject({})).optional(),
});
export type ClientCapabilitiesDeclared = z.infer<typeof clientCapabilitiesSchema>;

/** What the audit declares by default: what common hosts declare. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export const HOST_CAPABILITIES: ClientCapabilitiesDeclared = {
  roots: { listChanged: true },
  sampling: {},
  elicitation: { form: {}, url: {} },
  tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
  extensions: { [TASKS_EXTENSION]: {} },
};

/** The capabilities without tasks (either era's): what the task comparison lists with. */
export function withoutTasks(capabilities: ClientCapabilitiesDeclared): ClientCapabilitiesDeclared {
  const { tasks: _tasks, extensions, ...rest } = capabilities;
  const others = Object.entries(extensions ?? {}).filter(([key]) => key !== TASKS_EXTENSION);
  return others.length === 0 ? rest : { ...rest, extensions: Object.fromEntries(others) };
}

/** Whether the capabilities declare tasks in either era. */
export const declaresTasks = (capabilities: Readonly<Record<string, unknown>>): boolean =>
  capabilities.tasks !== undefined ||
  (isRecord(capabilities.extensions) && capabilities.extensions[TASKS_EXTENSION] !== undefined);

/** The choice of --capabilities (or the dashboard's select): a preset, or the capabilities of a file. */
export type CapabilityChoice =
  { mode: 'host' } | { mode: 'none' } | { mode: 'file'; file: string; capabilities: ClientCapabilitiesDeclared };

export function capabilitiesOf(choice: CapabilityChoice): ClientCapabilitiesDeclared {
  if (choice.mode === 'host') return HOST_CAPABILITIES;
  if (choice.mode === 'none') return {};
  return choice.capabilities;
}

/** "roots (listChanged)", "sampling", "elicitation (form, url)", ... one entry per declared capability. */
export function describeCapabilities(capabilities: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(capabilities).map(([key, value]) => {
    const parts = isRecord(value)
      ? Object.entries(value)
          .filter(([, inner]) => inner !== false && inner !== undefined)
          .map(([name]) => name)
      : [];
    return parts.length === 0 ? key : `${key} (${parts.join(', ')})`;
  });
}
