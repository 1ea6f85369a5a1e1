/**
 * near-miss-name: a tool or server named like another of the session but not quite (near-miss.ts:
 * a separator at an end, look-alike letters, case, one character): the squatter's trick of a name a
 * model or a person takes for the trusted one (`compute_` beside `compute`, server `check_sig_`
 * beside `check_sig`). Tools are compared across servers (and within one server only when they are
 * the same name to a reader); servers by their configured names and the names they give
 * themselves. Medium; high when either side's text orders the model (instructions-to-model.ts).
 */
import { instructionsToModel, quoted } from './instructions-to-model';
import { nearMiss } from './near-miss';
import { ref, type RaisedSessionFinding, type SessionRule, type SessionServer } from './session-rule';
import { toolInstructions } from './tool-shadowing';

type Raised = RaisedSessionFinding<'near-miss-name'>;

const serverNames = ({ name, report }: SessionServer): string[] =>
  [...new Set([name, report.server?.name ?? ''])].filter((each) => each !== '');

/** The words a server's own texts order the model with (instructions, then each tool), or null. */
function serverInstructions({ report }: SessionServer): string | null {
  const names = report.tools.map((tool) => tool.name);
  const instructions = report.server?.instructions ?? null;
  const own = instructions === null ? null : instructionsToModel(instructions, names);
  return own ?? report.tools.reduce<string | null>((found, tool) => found ?? toolInstructions(tool, names), null);
}

const severityFor = (orders: readonly (string | null)[]): Raised['severity'] =>
  orders.some((words) => words !== null) ? 'high' : nearMissName.definition.severity;

const ordersText = (sides: readonly { label: string; words: string | null }[]): string =>
  sides
    .filter((side) => side.words !== null)
    .map((side) => `; ${side.label} orders the model: ${quoted(side.words ?? '')}`)
    .join('');

function toolPairs(servers: readonly SessionServer[]): Raised[] {
  const found: Raised[] = [];
  const tools = servers.flatMap((server) => {
    const names = server.report.tools.map((tool) => tool.name);
    return server.report.tools.map((tool) => ({ server, tool, where: `${server.name}/${tool.name}`, names }));
  });
  tools.forEach((a, i) => {
    for (const b of tools.slice(i + 1)) {
      const how = nearMiss(a.tool.name, b.tool.name);
      if (how === null || (a.server === b.server && how === 'one character')) continue;
      const orders = [toolInstructions(a.tool, a.names), toolInstructions(b.tool, b.names)];
      const sides = [
        { label: a.where, words: orders[0] ?? null },
        { label: b.where, words: orders[1] ?? null },
      ];
      found.push({
        id: 'near-miss-name',
        severity: severityFor(orders),
        message: `${a.where} and ${b.where} are named alike, ${JSON.stringify(a.tool.name)} and ${JSON.stringify(b.tool.name)} differing by ${how}${ordersText(sides)}.`,
        tools: [ref(a.server.name, a.tool), ref(b.server.name, b.tool)],
      });
    }
  });
  return found;
}

function serverPairs(servers: readonly SessionServer[]): Raised[] {
  const found: Raised[] = [];
  servers.forEach((a, i) => {
    for (const b of servers.slice(i + 1)) {
      if (a.name === b.name) continue;
      const hit = serverNames(a)
        .flatMap((x) => serverNames(b).map((y) => ({ x, y, how: nearMiss(x, y) })))
        .find((pair) => pair.how !== null);
      if (hit === undefined) continue;
      const orders = [serverInstructions(a), serverInstructions(b)];
      found.push({
        id: 'near-miss-name',
        severity: severityFor(orders),
        message: `The servers ${a.name} and ${b.name} are named alike, ${JSON.stringify(hit.x)} and ${JSON.stringify(hit.y)} differing by ${hit.how ?? ''}${ordersText(
          [
            { label: `server ${a.name}`, words: orders[0] ?? null },
            { label: `server ${b.name}`, words: orders[1] ?? null },
          ],
        )}.`,
        tools: [],
        servers: [a.name, b.name],
      });
    }
  });
  return found;
}

export const nearMissName: SessionRule<'near-miss-name'> = {
  definition: {
    id: 'near-miss-name',
    severity: 'medium',
    title: 'A tool or server named almost like another',
    meaning:
      'Two tools (across servers, or within one when they read as the same name) or two servers of the session have names a reader takes for one another: a separator at the start or end (`compute_`, `check_sig_`), look-alike letters from another script (a Cyrillic а), case, or one character more, less, changed or swapped in a name of five characters or more. Plurals (`get_file`, `get_files`) and digits (`v1`, `v2`) are ordinary and not counted. Name squatting: the model, or the person approving a tool, picks the look-alike. High when either side’s text orders the model (the words are quoted).',
    doesNotTell:
      'Which one is the impostor, or whether the likeness is chance: two honest servers can pick close names. Compare where each server comes from.',
    reference: 'MCPSecBench (package name squatting: server name, tool name); Unicode TR #39 (confusables)',
  },
  check: (servers) => [...toolPairs(servers), ...serverPairs(servers)],
};
