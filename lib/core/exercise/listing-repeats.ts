/**
 * Calls made again to see a listing change with use (a rug pull inside one session, issue 46): a
 * server may keep its tools honest for the first calls and rewrite a description after them
 * (damn-vulnerable-MCP-server's challenge 4 at a tool's third call, MCPSecBench's at the second), then
 * send notifications/tools/list_changed. One call per tool never reaches that point. So when the server
 * says its tools can change (`capabilities.tools.listChanged`, MCP spec, Server features: Tools, List
 * Changed Notification), each tool whose first call answered is called LISTING_REPEATS more times,
 * with the same arguments, and the tools are listed again after each call that list_changed followed
 * (and once at the end). These calls are not judged against the hints (their effects are the first
 * call's again; the idempotent repeat of select.ts is the judged one): they exist for the relisting.
 * Not seen: a change after more calls, after a time, or from a server that does not declare
 * listChanged and never lists differently by the end of the exercise; `verify` sees those later.
 */
import { isRecord } from '../is-record';

/** Further calls of each tool that answered: three calls in all, the latest change point in the public collections. */
export const LISTING_REPEATS = 2;

/** Whether an initialize result declares that the server's tool list can change. */
export function declaresToolListChanges(initializeResult: unknown): boolean {
  if (!isRecord(initializeResult) || !isRecord(initializeResult.capabilities)) return false;
  const tools = initializeResult.capabilities.tools;
  return isRecord(tools) && tools.listChanged === true;
}

/** The calls to repeat, in order: round after round, each first-round call of a tool that answered. */
export function listingRepeats<Call extends { tool: string; round: number }>(
  made: readonly { call: Call; answered: boolean }[],
  repeats: number = LISTING_REPEATS,
): Call[] {
  const seen = new Set<string>();
  const firsts = made.filter(({ call, answered }) => {
    if (!answered || call.round !== 1 || seen.has(call.tool)) return false;
    seen.add(call.tool);
    return true;
  });
  return Array.from({ length: repeats }, () => firsts.map(({ call }) => call)).flat();
}
