/**
 * The declaration has no way to reach the server that matches how the audit reached it: a local
 * command when only remotes are declared, a URL no remote's template matches, or streamable-http
 * declared where the server spoke the legacy SSE transport (and the reverse).
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { urlMatchesTemplate, type DeclaredTransport } from './declared';
import type { Audited, Declaration } from './input';

export const TRANSPORT_MISMATCH_ID = 'declared-transport-mismatch';

export const TRANSPORT_MISMATCH_DEFINITION: FindingDefinition<typeof TRANSPORT_MISMATCH_ID> = {
  id: TRANSPORT_MISMATCH_ID,
  severity: 'medium',
  title: 'Declared transports do not match the server',
  meaning:
    'None of the transports the server.json or card declares (packages run locally, remotes reached by URL) is the one the audit used: a client configured from the declaration connects somewhere else, or with a transport the server does not speak.',
  doesNotTell:
    'Which side is wrong: the declaration may be stale, or the server may be reached through a proxy or a URL the declaration does not list.',
  reference: 'MCP registry, server.json packages[].transport and remotes[]; MCP specification, Transports',
};

function matches(transport: DeclaredTransport, audited: Audited): boolean {
  if (audited.transport === 'stdio') return transport.where === 'package' && transport.type === 'stdio';
  if (transport.type !== audited.transport || transport.url === null || audited.url === null) return false;
  return urlMatchesTemplate(transport.url, audited.url);
}

const described = (transport: DeclaredTransport): string =>
  transport.url === null ? `${transport.type} (${transport.where})` : `${transport.type} ${transport.url}`;

export function transportFindings(declaration: Declaration, audited: Audited): Finding<typeof TRANSPORT_MISMATCH_ID>[] {
  const { transports } = declaration.declared;
  if (transports.length === 0 || transports.some((transport) => matches(transport, audited))) return [];
  const reached =
    audited.transport === 'stdio' ? 'a local command (stdio)' : `${audited.transport} ${audited.url ?? ''}`;
  const shown = transports.slice(0, 4).map(described).join(', ') + (transports.length > 4 ? ', …' : '');
  return [raised(TRANSPORT_MISMATCH_DEFINITION, `Audited through ${reached}; declared: ${shown}.`)];
}
