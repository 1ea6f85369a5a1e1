/**
 * The `Mcp-Name` header on the tasks extension's requests over Streamable HTTP (2026-07-28).
 * - The extension (`io.modelcontextprotocol/tasks`, SEP-2663, "Streamable HTTP: Routing Headers"):
 *   "When `tasks/get`, `tasks/update`, or `tasks/cancel` is sent over the Streamable HTTP transport,
 *   the client MUST set the `Mcp-Name` header (defined by SEP-2243) to the value of
 *   `params.taskId`", so intermediaries route every request of a task to the instance holding it.
 * - The transport (2026-07-28, Streamable HTTP, "Server Validation"): "Servers that process the
 *   request body MUST reject requests where the values specified in the headers do not match the
 *   corresponding values in the request body", with HTTP 400 and -32020 (`HeaderMismatch`). A
 *   missing required header fails validation too, but the transport's table names `Mcp-Name`
 *   required for tools/call, resources/read and prompts/get only, and the extension's MUST is the
 *   client's: a mismatch served is a finding, a missing header served a note.
 *
 * The probe (lib/server/mcp/task-header-probe.ts) sends `tasks/get` for a task id no server holds,
 * three times: with the header as the extension says (the control), naming another task, and
 * without it. Only a control that reached the server's tasks (HTTP 2xx, not "method not found")
 * makes the other two answers evidence.
 */
import { z } from 'zod';
import { raised, type Finding, type FlagDefinition } from '../finding';
import { isRecord } from '../is-record';
import { TASKS_EXTENSION } from '../capabilities/declared';

/** The task id the probe asks about, and the other id its mismatched header names. */
export const PROBE_TASK_ID = 'mcp-hintcheck-probe-task';
export const PROBE_OTHER_TASK_ID = 'mcp-hintcheck-other-task';
/** 2026-07-28's HeaderMismatch (SEP-2243's draft numbered it -32001). */
export const HEADER_MISMATCH_CODE = -32020;
const METHOD_NOT_FOUND = -32601;

/** One answer: its HTTP status and JSON-RPC error code (null: none), or null status when none came. */
export const taskHeaderAnswerSchema = z.object({ status: z.number().int().nullable(), code: z.number().nullable() });
export type TaskHeaderAnswer = z.infer<typeof taskHeaderAnswerSchema>;

export const taskHeaderProbeSchema = z.object({
  control: taskHeaderAnswerSchema,
  mismatched: taskHeaderAnswerSchema,
  missing: taskHeaderAnswerSchema,
});
export type TaskHeaderProbe = z.infer<typeof taskHeaderProbeSchema>;

export const TASK_NAME_MISMATCH_ID = 'task-name-header-mismatch-accepted';
export const TASK_NAME_MISSING_ID = 'task-name-header-not-required';

const REFERENCE =
  'MCP specification 2026-07-28, Streamable HTTP: Server Validation; tasks extension (SEP-2663), Streamable HTTP: Routing Headers';

export const TASK_NAME_MISMATCH_DEFINITION: FlagDefinition<typeof TASK_NAME_MISMATCH_ID> = {
  id: TASK_NAME_MISMATCH_ID,
  severity: 'medium',
  title: 'Task request served with an Mcp-Name naming another task',
  meaning:
    'Over Streamable HTTP the server answered a tasks/get whose Mcp-Name header names another task than params.taskId, where the spec requires HTTP 400 and -32020 HeaderMismatch. A load balancer, gateway or rate limiter that routes or authorizes by the header then decides about one task while the server acts on another.',
  default: 'Servers that process the body MUST reject a header that disagrees with it',
  doesNotTell:
    'Whether anything in front of the server relies on the header: with one instance and no intermediary the mismatch changes nothing. The probe asks about a task id the server does not hold.',
  reference: REFERENCE,
};

export const TASK_NAME_MISSING_DEFINITION: FlagDefinition<typeof TASK_NAME_MISSING_ID> = {
  id: TASK_NAME_MISSING_ID,
  severity: 'low',
  title: 'Task request served without the Mcp-Name header',
  meaning:
    'Over Streamable HTTP the server answered a tasks/get that carried no Mcp-Name header. The tasks extension obliges clients to send it (params.taskId) so intermediaries can route each request of a task to the instance holding it; a server that does not ask for it lets such requests reach whichever instance an intermediary picks.',
  default: 'Clients MUST send it; whether servers must refuse its absence is not settled',
  doesNotTell:
    "Whether the server breaks the spec: the transport's validation counts a missing required header as a failure, but its table requires Mcp-Name on tools/call, resources/read and prompts/get, and the extension's obligation is the client's.",
  reference: REFERENCE,
};

export type TaskNameHeaderId = typeof TASK_NAME_MISMATCH_ID | typeof TASK_NAME_MISSING_ID;

/** Whether a 2026-07-28 server's discover capabilities declare the tasks extension. */
export function servesTasksExtension(capabilities: unknown): boolean {
  return isRecord(capabilities) && isRecord(capabilities.extensions) && TASKS_EXTENSION in capabilities.extensions;
}

const served = (answer: TaskHeaderAnswer): boolean =>
  answer.status !== null &&
  answer.status >= 200 &&
  answer.status < 300 &&
  answer.code !== HEADER_MISMATCH_CODE &&
  answer.code !== METHOD_NOT_FOUND;

const said = (answer: TaskHeaderAnswer): string =>
  `HTTP ${answer.status ?? '?'}${answer.code === null ? '' : `, JSON-RPC ${answer.code}`}`;

/** The findings of one probe; none when its control did not reach the server's tasks. */
export function taskNameHeaderFindings(probe: TaskHeaderProbe | null): Finding<TaskNameHeaderId>[] {
  if (probe === null || !served(probe.control)) return [];
  const findings: Finding<TaskNameHeaderId>[] = [];
  const asked = `tasks/get for task "${PROBE_TASK_ID}"`;
  if (served(probe.mismatched))
    findings.push(
      raised(
        TASK_NAME_MISMATCH_DEFINITION,
        `${asked} with Mcp-Name "${PROBE_OTHER_TASK_ID}" was answered (${said(probe.mismatched)}) like the request with the matching header (${said(probe.control)}), not refused with HTTP 400 and ${HEADER_MISMATCH_CODE}.`,
      ),
    );
  if (served(probe.missing))
    findings.push(
      raised(
        TASK_NAME_MISSING_DEFINITION,
        `${asked} without Mcp-Name was answered (${said(probe.missing)}) like the request with it (${said(probe.control)}).`,
      ),
    );
  return findings;
}
