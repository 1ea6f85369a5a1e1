/**
 * tool-name-collision: two servers offer tools with the same names (compared as hosts compare them,
 * builtins.ts); one finding per pair of servers, listing every shared name.
 */
import { normalToolName } from './builtins';
import { listTools, ref, type RaisedSessionFinding, type SessionRule, type SessionServer } from './session-rule';
import type { ToolReport } from '../report/report';

/** One finding per pair of servers that share tool names, listing every shared name. */
function collisionFindings(servers: readonly SessionServer[]): RaisedSessionFinding<'tool-name-collision'>[] {
  const findings: RaisedSessionFinding<'tool-name-collision'>[] = [];
  const names = servers.map(({ report }) => {
    const byKey = new Map<string, ToolReport>();
    for (const tool of report.tools)
      if (tool.name !== '' && !byKey.has(normalToolName(tool.name))) byKey.set(normalToolName(tool.name), tool);
    return byKey;
  });
  for (let a = 0; a < servers.length; a++) {
    for (let b = a + 1; b < servers.length; b++) {
      const first = servers[a];
      const second = servers[b];
      const own = names[a];
      const other = names[b];
      if (first === undefined || second === undefined || own === undefined || other === undefined) continue;
      if (first.name === second.name) continue;
      const shared = [...own.keys()].filter((key) => other.has(key));
      if (shared.length === 0) continue;
      const tools = shared.flatMap((key) => {
        const mine = own.get(key);
        const theirs = other.get(key);
        return mine === undefined || theirs === undefined ? [] : [ref(first.name, mine), ref(second.name, theirs)];
      });
      const shown = shared.map((key) => own.get(key)?.name ?? key);
      const same = shared.length === own.size && shared.length === other.size;
      findings.push({
        id: 'tool-name-collision',
        severity: toolNameCollision.definition.severity,
        message: `${first.name} and ${second.name} both offer ${shared.length === 1 ? 'a tool' : `${shared.length} tools`} named ${listTools(
          shown.map((name) => ({ server: '', tool: name })),
          12,
          false,
        )}${same ? ': the same tool list, likely one server configured twice' : ''}.`,
        tools,
      });
    }
  }
  return findings;
}

export const toolNameCollision: SessionRule<'tool-name-collision'> = {
  definition: {
    id: 'tool-name-collision',
    severity: 'high',
    title: 'The same tool names on two servers',
    meaning:
      'Two servers offer tools with the same names (one finding per pair of servers, listing every shared name; the same tools on both usually mean one server configured twice). Tool names are unique only within one server; which one the agent calls is up to the client (some prefix names with the server, some keep the first or the last, some show the model both). A server can take over calls meant for another.',
    doesNotTell: 'Which tool your client will call: check how it names MCP tools.',
    reference: 'MCP specification 2025-11-25, Tools: tool names are unique per server; MCP security best practices',
  },
  check: collisionFindings,
};
