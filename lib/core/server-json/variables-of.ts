/**
 * The declared variables that apply to the audited server: those of the transports matching how the
 * audit reached it, else those of every transport of the same kind (packages for a local command,
 * remotes for a URL), so a stale URL still has its variables compared.
 */
import { urlMatchesTemplate, type DeclaredVariable } from './declared';
import type { Audited, Declaration } from './input';

export function applicableVariables(declaration: Declaration, audited: Audited): DeclaredVariable[] {
  const where = audited.transport === 'stdio' ? 'package' : 'remote';
  const sameKind = declaration.declared.transports.filter((transport) => transport.where === where);
  const matching = sameKind.filter((transport) =>
    audited.transport === 'stdio'
      ? transport.type === 'stdio'
      : transport.url !== null && audited.url !== null && urlMatchesTemplate(transport.url, audited.url),
  );
  return (matching.length > 0 ? matching : sameKind).flatMap((transport) => transport.variables);
}

/** Header names compare case-insensitively (RFC 9110); environment variables exactly. */
export function sameName(audited: Audited, a: string, b: string): boolean {
  return audited.transport === 'stdio' ? a === b : a.toLowerCase() === b.toLowerCase();
}
