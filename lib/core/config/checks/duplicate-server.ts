/** duplicate-server: one finding per entry that shares its name with a differently configured entry elsewhere. */
import { CLIENTS } from '../clients';
import { entryFingerprint, type ConfigEntry } from '../entry';
import { at, located, type ConfigRule, type RaisedConfigFinding } from './rule';

export const duplicateServer: ConfigRule<'duplicate-server'> = {
  definition: {
    id: 'duplicate-server',
    severity: 'medium',
    title: 'Same server name, different settings',
    meaning:
      'Several entries define a server with this name but differ in command, arguments, URL, environment or headers. Which one an agent talks to depends on the client and the project it runs in; a project file can silently replace the user’s own definition.',
    doesNotTell:
      'Which definition wins: clients order scopes differently (Claude Code: local, then project, then user).',
    reference: 'Claude Code docs, MCP scope hierarchy; each client’s configuration locations',
  },
  looks: 'entries',
  check: duplicates,
};

function duplicates(entries: readonly ConfigEntry[]): RaisedConfigFinding<'duplicate-server'>[] {
  const byName = new Map<string, ConfigEntry[]>();
  for (const entry of entries) byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry]);
  const out: RaisedConfigFinding<'duplicate-server'>[] = [];
  for (const [name, group] of byName) {
    if (new Set(group.map(entryFingerprint)).size < 2) continue;
    for (const entry of group) {
      const others = group
        .filter((other) => other !== entry && entryFingerprint(other) !== entryFingerprint(entry))
        .map((other) => `${CLIENTS[other.client].label} ${other.file}:${other.line}`);
      out.push(
        located(
          duplicateServer.definition,
          `"${name}" is also defined differently in ${others.join(', ')}.`,
          at(entry),
        ),
      );
    }
  }
  return out;
}
