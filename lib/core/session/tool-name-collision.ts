/**
 * tool-name-collision: two servers offer the same tools (the same names, compared as hosts compare
 * them, with the same description, title and input schema: shared-names.ts); one finding per pair
 * of servers, listing every such name. The same name with different text is tool-shadowing.
 */
import { listTools, ref, type RaisedSessionFinding, type SessionRule, type SessionServer } from './session-rule';
import { sharedNames } from './shared-names';

function collisionFindings(servers: readonly SessionServer[]): RaisedSessionFinding<'tool-name-collision'>[] {
  return sharedNames(servers).flatMap(({ first, second, shared, sameList }) => {
    const same = shared.filter((tool) => tool.differs.length === 0);
    if (same.length === 0) return [];
    const shown = same.map(({ mine }) => ({ server: '', tool: mine.name }));
    const twice = sameList && same.length === shared.length;
    return [
      {
        id: 'tool-name-collision',
        severity: toolNameCollision.definition.severity,
        message: `${first.name} and ${second.name} both offer ${same.length === 1 ? 'a tool' : `${same.length} tools`} named ${listTools(shown, 12, false)}, the same on both${twice ? ': the same tool list, likely one server configured twice' : ''}.`,
        tools: same.flatMap(({ mine, theirs }) => [ref(first.name, mine), ref(second.name, theirs)]),
      },
    ];
  });
}

export const toolNameCollision: SessionRule<'tool-name-collision'> = {
  definition: {
    id: 'tool-name-collision',
    severity: 'high',
    title: 'The same tools on two servers',
    meaning:
      'Two servers offer tools with the same names and the same description, title and input schema (one finding per pair of servers, listing every such name; the same tool list on both usually means one server configured twice). Tool names are unique only within one server; which one the agent calls is up to the client (some prefix names with the server, some keep the first or the last, some show the model both). A server can take over calls meant for another. The same name with different text is tool-shadowing.',
    doesNotTell: 'Which tool your client will call: check how it names MCP tools.',
    reference: 'MCP specification 2025-11-25, Tools: tool names are unique per server; MCP security best practices',
  },
  check: collisionFindings,
};
