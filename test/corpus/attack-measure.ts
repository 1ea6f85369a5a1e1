// The attack corpus's measure (issue 46 item 8), shared by bench/attacks.mjs and
// test/attack-corpus.test.ts: which findings of a Report (or a scan's JSON) belong to a labelled
// target, and the rule that calls a target detected or a benign one falsely accused.
//
// Detected: the target carries at least one *specific* finding at severity medium or above. Specific
// = any finding id not in GENERIC_IDS (the spec-default and structural flags every unannotated tool
// gets, whatever it says). False alarm: a benign target carrying any specific finding, at any
// severity. A rug pull is caught when the in-session run carries a critical finding whose id or
// message speaks of a change. `critical` (a severity being added) is counted where present.
import type { Subject } from './attack-fixtures';

/** Finding ids that say nothing about an attack: raised from annotations, structure or size alone. */
export const GENERIC_IDS: ReadonlySet<string> = new Set([
  'unannotated', // no annotations at all: the spec defaults apply (every FastMCP tool gets it)
  'partially-annotated', // some hints missing, defaults fill them
  'destructive-write', // destructiveHint absent or true: a default, not evidence
  'open-world-write', // openWorldHint absent or true on a write: a default
  'open-world-read', // a read that may reach the open world: a default
  'additive-write', // a non-destructive write: a declaration read back
  'non-standard-annotation-keys', // names an unknown annotation key, never its content
  'read-only-destructive-conflict', // two hints that contradict each other: structure
  'oversized-text', // a long description: size, not content
  'missing-description', // no description: structure
  'missing-title', // no annotations.title (issue 50): structure, what a directory's rules ask
  'empty-input-schema', // a schema without properties: structure
  'tool-name-collision', // names only: raised alike for one server configured twice
  'untrusted-content', // where a tool's text comes from (web pages, issues), true of every honest fetch or search tool: strength 0, never ranks
]);

export interface FoundFinding {
  id: string;
  severity: string;
  message: string;
}

const MEDIUM_OR_ABOVE = new Set(['critical', 'high', 'medium']);

function isFinding(value: unknown): value is FoundFinding {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.severity === 'string' && typeof record.message === 'string';
}

/** Every finding under `node` (any depth), e.g. an item's flags and any findings its exercise added. */
function findingsUnder(node: unknown, out: FoundFinding[] = []): FoundFinding[] {
  if (Array.isArray(node)) for (const item of node) findingsUnder(item, out);
  else if (typeof node === 'object' && node !== null) {
    if (isFinding(node)) out.push({ id: node.id, severity: node.severity, message: node.message });
    for (const [key, value] of Object.entries(node)) if (key !== 'flagDefinitions') findingsUnder(value, out);
  }
  return out;
}

/** The objects of `node` (any depth) for which `match` holds. */
function objectsWhere(
  node: unknown,
  match: (record: Record<string, unknown>) => boolean,
  out: unknown[] = [],
): unknown[] {
  if (Array.isArray(node)) for (const item of node) objectsWhere(item, match, out);
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (match(record)) out.push(record);
    else for (const value of Object.values(record)) objectsWhere(value, match, out);
  }
  return out;
}

/**
 * The findings a Report (audit --format json) carries on one subject: the listed item's own flags,
 * and any other entry of the Report (an exercise verdict, a re-listing) that names the item by
 * `name`/`tool` (tools, prompts), `uri` or `uriTemplate`. Instructions: findings on the server's
 * instructions entry.
 */
export function subjectFindings(report: unknown, subject: Subject): FoundFinding[] {
  if (subject.kind === 'pair') return [];
  const record = (report ?? {}) as Record<string, unknown>;
  const surface = (record.surface ?? {}) as Record<string, unknown>;
  if (subject.kind === 'instructions') return findingsUnder(surface.instructions ?? null);
  if (subject.kind === 'resource') return findingsUnder(objectsWhere(report, (item) => item.uri === subject.name));
  if (subject.kind === 'template')
    return findingsUnder(objectsWhere(report, (item) => item.uriTemplate === subject.name));
  if (subject.kind === 'prompt')
    return findingsUnder(objectsWhere(surface.prompts, (item) => item.name === subject.name));
  const { prompts: _prompts, resources: _resources, resourceTemplates: _templates, ...rest } = surface;
  const scope = { ...record, surface: rest };
  return findingsUnder(
    objectsWhere(scope, (item) => (item.name === subject.name || item.tool === subject.name) && !('uri' in item)),
  );
}

/** A scan's findings about servers together that name any of these servers' tools. */
export function pairFindings(scan: unknown, servers: readonly string[], tools: readonly string[]): FoundFinding[] {
  const findings = ((scan ?? {}) as Record<string, unknown>).sessionFindings;
  if (!Array.isArray(findings)) return [];
  return findings.filter((finding): finding is FoundFinding & { tools?: unknown } => {
    if (!isFinding(finding)) return false;
    const refs = (finding as { tools?: unknown }).tools;
    const named = Array.isArray(refs)
      ? refs.some(
          (ref) =>
            servers.includes((ref as { server?: string }).server ?? '') &&
            tools.includes((ref as { tool?: string }).tool ?? ''),
        )
      : false;
    return named || servers.every((server) => finding.message.includes(server));
  });
}

export const isSpecific = (finding: FoundFinding): boolean => !GENERIC_IDS.has(finding.id);

export interface Verdict {
  detected: boolean;
  critical: boolean;
  /** The specific findings (any severity), `id (severity)`, for the printout. */
  specific: string[];
}

/** The detection rule above, on one target's findings. */
export function verdict(findings: readonly FoundFinding[]): Verdict {
  const specific = findings.filter(isSpecific);
  return {
    detected: specific.some((finding) => MEDIUM_OR_ABOVE.has(finding.severity)),
    critical: specific.some((finding) => finding.severity === 'critical'),
    specific: [...new Set(specific.map((finding) => `${finding.id} (${finding.severity})`))],
  };
}

/** A rug pull is caught in-session: a critical finding, anywhere in the run, that speaks of a change. */
export function rugPullCaught(report: unknown): boolean {
  return findingsUnder(report).some(
    (finding) =>
      finding.severity === 'critical' && /chang|rug|drift|re-?list|mutat/i.test(`${finding.id} ${finding.message}`),
  );
}
