/**
 * tool-shadowing: two servers offer a tool of the same name (as hosts compare names) with different
 * text: another description, title or input schema (shared-names.ts). One of them takes the other's
 * calls, or the model reads both and follows the one that orders it. Critical when either text
 * hides from the user, overrides the model or carries a tag written for it (instructions-to-model.ts
 * attackInstructions); a plain notice ("IMPORTANT: always use absolute paths", as desktop-commander
 * writes) is quoted but stays high. One finding per pair of servers, listing every such name.
 */
import type { ToolReport } from '../report/report';
import { ATTACK_WORDS, attackInstructions, instructionsToModel, quoted } from './instructions-to-model';
import { toolText } from './cross-server-mentions';
import { listTools, ref, type RaisedSessionFinding, type SessionRule, type SessionServer } from './session-rule';
import { sharedNames } from './shared-names';

/** The words a tool's own text orders the model with, or null. */
export function toolInstructions(tool: ToolReport, toolNames: readonly string[]): string | null {
  return instructionsToModel(toolText(tool), toolNames);
}

const MAX_QUOTED = 3;

function shadowingFindings(servers: readonly SessionServer[]): RaisedSessionFinding<'tool-shadowing'>[] {
  return sharedNames(servers).flatMap(({ first, second, shared }) => {
    const differing = shared.filter((tool) => tool.differs.length > 0);
    if (differing.length === 0) return [];
    const names = [...first.report.tools, ...second.report.tools].map((tool) => tool.name);
    const sides = differing.flatMap(({ mine, theirs }) =>
      [
        { server: first.name, tool: mine },
        { server: second.name, tool: theirs },
      ].map(({ server, tool }) => ({
        where: `${server}/${tool.name}`,
        words: toolInstructions(tool, names),
        attack: attackInstructions(toolText(tool)),
      })),
    );
    const ordering = sides.filter((side) => side.attack !== null || side.words !== null);
    const attacks = ordering.filter((side) => side.attack !== null);
    const quotedSides = [...attacks, ...ordering.filter((side) => side.attack === null)].slice(0, MAX_QUOTED);
    const why = quotedSides.map((side) =>
      side.attack === null
        ? `${side.where} orders the model: ${quoted(side.words ?? '')}`
        : `${side.where} ${ATTACK_WORDS[side.attack.kind]}: ${quoted(side.attack.words)}`,
    );
    const more = ordering.length > MAX_QUOTED ? ` (and ${ordering.length - MAX_QUOTED} more)` : '';
    const what = [...new Set(differing.flatMap((tool) => tool.differs))].join(', ');
    const list = listTools(
      differing.map(({ mine }) => ({ server: '', tool: mine.name })),
      12,
      false,
    );
    return [
      {
        id: 'tool-shadowing',
        severity: attacks.length > 0 ? 'critical' : toolShadowing.definition.severity,
        message: `${first.name} and ${second.name} both offer ${differing.length === 1 ? 'a tool' : `${differing.length} tools`} named ${list} with a different ${what}: one takes the other's calls${why.length === 0 ? '' : `; ${why.join('; ')}${more}`}.`,
        tools: differing.flatMap(({ mine, theirs }) => [ref(first.name, mine), ref(second.name, theirs)]),
      },
    ];
  });
}

export const toolShadowing: SessionRule<'tool-shadowing'> = {
  definition: {
    id: 'tool-shadowing',
    severity: 'high',
    title: 'A tool shadowed by another server’s tool of the same name',
    meaning:
      'Two servers offer a tool of the same name (compared as hosts compare them) with a different description, title or input schema: not one server configured twice but two tools competing for the same calls. Which one runs is up to the client; a model shown both follows the text that orders it. Critical when either text hides from the user, overrides the model or carries a tag written for it (<IMPORTANT>, [important]): that is how a malicious server takes over a trusted tool (tool shadowing). A plain order or notice is quoted and stays high: published servers write them (\"IMPORTANT: Always use absolute paths\").',
    doesNotTell:
      'Which server is the impostor, or which tool your client will call (some prefix names with the server). Read both texts.',
    reference:
      'MCP specification 2025-11-25, Tools: tool names are unique per server; Invariant Labs, tool poisoning and shadowing (2025); MCPSecBench (tool shadowing)',
  },
  check: shadowingFindings,
};
