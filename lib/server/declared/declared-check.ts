/**
 * What the audited server says about itself elsewhere, gathered beside the audit (lib/server/audit/
 * audit.ts) and compared with it once the Report is built (lib/core/declared/section.ts): the
 * server.json given (--server-json), the card a hosted server serves, and the installed package's
 * package.json for a local command. The section is added only when there is a declaration to compare.
 */
import { auditedOf } from '../../core/declared/audited';
import { declarationOf, declaredSection, type DeclaredReads } from '../../core/declared/section';
import type { Report } from '../../core/report/report';
import type { Declaration, InstalledPackage } from '../../core/server-json/input';
import { installedPackageOf } from './installed-package';

/** A server.json the caller read (the CLI reads --server-json FILE before the audit starts). */
export interface GivenServerJson {
  location: string;
  document: unknown;
}

export interface DeclaredFound {
  declarations: Declaration[];
  installed: InstalledPackage | null;
}

/** The audited target (lib/server/target-spec.ts), as much of it as is read here. */
export type DeclaredTarget =
  | { transport: 'stdio'; command: string; args: readonly string[]; cwd?: string | undefined }
  | { transport: 'auto' | 'streamable-http' | 'sse'; url: string };

export async function gatherDeclared(
  spec: DeclaredTarget,
  options: { serverJson?: GivenServerJson; lookUp: boolean; signal?: AbortSignal; timeoutMs: number },
): Promise<DeclaredFound> {
  const declarations: Declaration[] = [];
  if (options.serverJson !== undefined)
    declarations.push(declarationOf('file', options.serverJson.location, options.serverJson.document));
  if (spec.transport === 'stdio') {
    return { declarations, installed: options.lookUp || declarations.length > 0 ? installedPackageOf(spec) : null };
  }
  if (options.lookUp) {
    // Loaded only for URLs, like the OAuth check: the guarded fetch stays off a local audit's start path.
    const { fetchCard } = await import('./card');
    const card = await fetchCard(spec.url, { signal: options.signal, timeoutMs: options.timeoutMs }).catch(() => null);
    if (card !== null) declarations.push(card);
  }
  return { declarations, installed: null };
}

/** The Report with its `declared` section, or as it was when nothing was declared, no skill read, no tool resolved. */
export function withDeclared(report: Report, found: DeclaredFound, reads: DeclaredReads = {}): Report {
  const nothing = found.declarations.length === 0 && reads.skills == null && (reads.resolutions ?? []).length === 0;
  if (nothing) return report;
  const resolutions = (reads.resolutions ?? []).length === 0 ? null : reads.resolutions;
  return {
    ...report,
    declared: declaredSection(found.declarations, auditedOf(report, found.installed), { ...reads, resolutions }),
  };
}
