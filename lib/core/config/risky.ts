/**
 * Risky entries: the configuration entries that "Select all" leaves out until the user confirms them
 * by name, because starting them is itself the risk: a package fetched unpinned (new code at each
 * launch), a secret written in the file, a remote over plain http, a launch through a shell, or an
 * entry a project folder chose (a repository you cloned decides what runs). Built on the
 * configuration findings (findings.ts); also the order entries and findings are shown in.
 */
import { bySeverity, type Severity } from '../severity';
import type { ConfigFinding, ConfigFindingId } from './findings';
import type { ServerListing } from './entry';

/** The findings that make an entry risky to start, and why, in a few words. */
export const RISKY_FINDINGS: Partial<Record<ConfigFindingId, string>> = {
  'unpinned-package': 'unpinned package: each launch may fetch new code',
  'plaintext-secret': 'a secret written in plain text',
  'insecure-url': 'remote over plain http',
  'shell-launch': 'launched through a shell',
  'launch-override': 'its environment or command changes which program or code runs',
  'env-file-outside-project': 'loads variables from a file outside its project',
};

export const PROJECT_ENTRY_REASON = 'from a project folder: the project chose what runs';

export const RISKY_ENTRY_EXPLANATION = {
  meaning:
    'Select all leaves out the entries whose launch is itself a risk: a package fetched without a pinned version (code nobody reviewed may run), a secret written in the file (the server and anyone reading the file get it), a remote over plain http (requests and headers cross the network in clear), a launch through a shell (shell text decides what runs), an environment or command that changes which program runs (PATH, NODE_OPTIONS, LD_PRELOAD, a launcher from the project folder), and entries from a project folder (whoever wrote the repository chose the command). Include them by name, after reading why.',
  doesNotTell:
    'That the other entries are safe: every launch runs code on this machine. Nor that a risky entry is malicious: read its command and findings.',
  reference:
    'Configuration findings (lib/core/config/findings.ts); MCP security best practices (local server compromise)',
} as const;

export interface RiskyEntry {
  id: string;
  name: string;
  /** Why it is risky, one short reason per cause, the most severe first. */
  reasons: string[];
}

/** Why starting this entry is a risk (empty: not risky). */
export function entryRisks(server: ServerListing, findings: readonly ConfigFinding[]): string[] {
  const own = bySeverity(
    findings.filter((finding) => finding.entryId === server.id),
    (finding) => finding.severity,
  );
  const reasons = [
    ...new Set(
      own.flatMap((finding) => (RISKY_FINDINGS[finding.id] === undefined ? [] : [RISKY_FINDINGS[finding.id] ?? ''])),
    ),
  ];
  if (server.scope === 'project') reasons.push(PROJECT_ENTRY_REASON);
  return reasons;
}

/**
 * What "Select all" selects: the entries that can start (launchable, not disabled) and are not
 * risky; the risky ones are returned apart, with their reasons, for a second, explicit choice.
 */
export function selectAll(
  servers: readonly ServerListing[],
  findings: readonly ConfigFinding[],
): { safe: string[]; risky: RiskyEntry[] } {
  const safe: string[] = [];
  const risky: RiskyEntry[] = [];
  for (const server of servers) {
    if (!server.launchable || server.disabled) continue;
    const reasons = entryRisks(server, findings);
    if (reasons.length === 0) safe.push(server.id);
    else risky.push({ id: server.id, name: server.name, reasons });
  }
  return { safe, risky };
}

/**
 * The entries `scan --yes` and an answer of "all" leave out until they are chosen by number: a
 * project's entry whose launch runs another program or code than its command line reads
 * (launch-override at high), each with the finding's message.
 */
export function startOnlyByName(
  servers: readonly ServerListing[],
  findings: readonly ConfigFinding[],
): Map<string, string> {
  const held = new Map<string, string>();
  for (const server of servers) {
    const finding = findings.find(
      (candidate) =>
        candidate.entryId === server.id && candidate.id === 'launch-override' && candidate.severity === 'high',
    );
    if (finding !== undefined) held.set(server.id, finding.message);
  }
  return held;
}

/** The worst severity among an entry's findings, or null when it has none. */
export function worstEntrySeverity(server: ServerListing, findings: readonly ConfigFinding[]): Severity | null {
  return (
    bySeverity(
      findings.filter((finding) => finding.entryId === server.id),
      (finding) => finding.severity,
    )[0]?.severity ?? null
  );
}

/** Entries with their most severe finding first (entries without findings last), stable within. */
export function orderEntries(servers: readonly ServerListing[], findings: readonly ConfigFinding[]): ServerListing[] {
  const withNone = 'info' as const;
  const ranked = servers.map((server) => ({ server, worst: worstEntrySeverity(server, findings) }));
  const found = bySeverity(
    ranked.filter((item) => item.worst !== null),
    (item) => item.worst ?? withNone,
  );
  return [...found, ...ranked.filter((item) => item.worst === null)].map((item) => item.server);
}

/** Findings, the most severe first, stable within. */
export function orderFindings(findings: readonly ConfigFinding[]): ConfigFinding[] {
  return bySeverity(findings, (finding) => finding.severity);
}
