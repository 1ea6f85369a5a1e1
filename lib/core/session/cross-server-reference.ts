/**
 * cross-server-reference: a tool's description names a distinctive tool of another server. Where
 * it gives orders about that server's tools, cross-server-order says so instead (one finding).
 */
import { NameMatcher } from '../signals/name-matcher';
import { namedTools, orderAbout } from './cross-server-mentions';
import { ref, type RaisedSessionFinding, type SessionRule, type SessionServer } from './session-rule';

/** A tool name distinctive enough to count as a reference when a description mentions it. */
function distinctive(name: string): boolean {
  return name.length >= 4 && (/[_.-]/.test(name) || /[a-z][A-Z]/.test(name));
}

/** The tools of `other` a description of `own` could name: distinctive, and not a name `own` has too. */
function namable(
  own: SessionServer,
  other: SessionServer,
): { tools: SessionServer['report']['tools']; matcher: NameMatcher; positions: Map<string, number[]> } {
  const ownNames = new Set(own.report.tools.map((tool) => tool.name));
  const tools = other.report.tools.filter((tool) => distinctive(tool.name) && !ownNames.has(tool.name));
  // Every tool of a name, in listing order: a name listed twice is named twice.
  const positions = new Map<string, number[]>();
  tools.forEach((tool, position) => {
    const same = positions.get(tool.name);
    if (same === undefined) positions.set(tool.name, [position]);
    else same.push(position);
  });
  return { tools, matcher: new NameMatcher(tools.map((tool) => tool.name)), positions };
}

/** Each pair of servers: one matcher of the other's names, run once over each description (name-matcher.ts). */
function crossReferenceFindings(servers: readonly SessionServer[]): RaisedSessionFinding<'cross-server-reference'>[] {
  const findings: RaisedSessionFinding<'cross-server-reference'>[] = [];
  for (const server of servers) {
    const { name, report } = server;
    const others = servers
      .filter((other) => other.name !== name)
      .map((other) => ({ other, ...namable(server, other) }));
    for (const tool of report.tools) {
      const text = `${tool.description ?? ''} ${tool.title ?? ''}`;
      if (text.trim() === '') continue;
      for (const { other, tools, matcher, positions } of others) {
        const hits = new Set(matcher.hits(text).map((hit) => tools[hit.name]?.name ?? ''));
        const named = [...hits]
          .flatMap((hit) => positions.get(hit) ?? [])
          .sort((a, b) => a - b)
          .flatMap((position) => tools[position] ?? []);
        if (named.length === 0) continue;
        if (orderAbout(text, namedTools(text, other, server)) !== null) continue;
        findings.push({
          id: 'cross-server-reference',
          severity: crossServerReference.definition.severity,
          message: `The description of ${name}/${tool.name} names ${other.name}'s ${named.map((t) => t.name).join(', ')}.`,
          tools: [ref(name, tool), ...named.map((t) => ref(other.name, t))],
        });
      }
    }
  }
  return findings;
}

export const crossServerReference: SessionRule<'cross-server-reference'> = {
  definition: {
    id: 'cross-server-reference',
    severity: 'high',
    title: 'A description that names another server’s tool',
    meaning:
      'A tool’s description mentions a tool offered by a different server. Descriptions are read by the model as instructions; a server that tells the model how or when to use another server’s tool can redirect it (tool poisoning across servers).',
    doesNotTell: 'Intent: integrations sometimes mention each other honestly. Read the description.',
    reference: 'MCP security best practices (tool poisoning); Invariant Labs, cross-server tool shadowing (2025)',
  },
  check: crossReferenceFindings,
};
