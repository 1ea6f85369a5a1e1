/**
 * Whether a 2026-07-28 Streamable HTTP server checks the `Mcp-Name` header of the tasks extension's
 * requests (the rule and its sources: lib/core/surface/task-name-header.ts). Three POSTs of
 * `tasks/get` for a task id no server holds (read-only: nothing is created, changed or cancelled):
 * with `Mcp-Name` set as the extension says (task-flow.ts's TASK_MCP_NAME: `params.taskId`), naming
 * another task, and without it; each with the audit's headers, the current era's envelope declaring
 * the tasks extension, `MCP-Protocol-Version` and `Mcp-Method`. 5 s and 1 MiB each. Never throws.
 */
import { MODERN_VERSION } from '../../core/protocol';
import { PRODUCT_NAME } from '../../core/product';
import { TASKS_EXTENSION } from '../../core/capabilities/declared';
import { mcpNameOf } from '../../core/tasks/task-flow';
import {
  PROBE_OTHER_TASK_ID,
  PROBE_TASK_ID,
  type TaskHeaderAnswer,
  type TaskHeaderProbe,
} from '../../core/surface/task-name-header';
import { cappedFetch } from './connect';
import { parseMessage } from './era-probe';

const PROBE_TIMEOUT_MS = 5000;
const PROBE_MAX_BYTES = 1024 * 1024;
const METHOD = 'tasks/get';

export interface TaskHeaderProbeOptions {
  /** The audit's headers (its authorization among them). */
  headers: Record<string, string>;
  /** The revision the audit spoke. */
  version?: string;
  clientVersion: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

function bodyOf(version: string, clientVersion: string): { params: Record<string, unknown>; text: string } {
  const params = {
    taskId: PROBE_TASK_ID,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientInfo': { name: PRODUCT_NAME, version: clientVersion },
      'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
    },
  };
  return {
    params,
    text: JSON.stringify({ jsonrpc: '2.0', id: 'hintcheck-task-header-probe', method: METHOD, params }),
  };
}

/** Sends the three requests in turn and keeps each answer's HTTP status and JSON-RPC error code. */
export async function probeTaskHeaders(url: string, options: TaskHeaderProbeOptions): Promise<TaskHeaderProbe> {
  const fetchImpl = cappedFetch(PROBE_MAX_BYTES, options.fetch);
  const version = options.version ?? MODERN_VERSION;
  const body = bodyOf(version, options.clientVersion);
  const ask = async (name: string | undefined): Promise<TaskHeaderAnswer> => {
    const signal =
      options.signal === undefined
        ? AbortSignal.timeout(PROBE_TIMEOUT_MS)
        : AbortSignal.any([options.signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': version,
          'mcp-method': METHOD,
          ...(name === undefined ? {} : { 'mcp-name': name }),
        },
        body: body.text,
        signal,
        redirect: 'manual',
      });
      const message = parseMessage(await response.text(), response.headers.get('content-type') ?? '') as {
        error?: { code?: unknown };
      } | null;
      const code = typeof message?.error?.code === 'number' ? message.error.code : null;
      return { status: response.status, code };
    } catch {
      return { status: null, code: null };
    }
  };
  const control = await ask(mcpNameOf(METHOD, body.params) ?? undefined);
  const mismatched = await ask(PROBE_OTHER_TASK_ID);
  const missing = await ask(undefined);
  return { control, mismatched, missing };
}
