/**
 * The behaviour findings: what calling a tool in the sandbox contradicted (issue 23). Merged into
 * the flag catalogue of lib/core/flags/catalogue.ts, so CSV, SARIF, contracts, history and the risk order
 * read them like any flag. Each says what was observed and what it does not tell you: one set of
 * arguments was tried, a server may behave differently outside a sandbox or detect it, and hosted
 * servers cannot be exercised at all.
 */
import type { FlagDefinition } from '../finding';

export const BEHAVIOUR_FINDING_IDS = [
  'readonly-wrote',
  'closed-world-connected',
  'nondestructive-deleted',
  'idempotent-differed',
  'read-credentials',
  'spawned-process',
  'exercise-inconclusive',
] as const;
export type BehaviourFindingId = (typeof BEHAVIOUR_FINDING_IDS)[number];

/** Findings that contradict a claim or show theft of a secret: they outrank any claim (report/risk.ts). */
export const OBSERVED_CONTRADICTIONS: readonly BehaviourFindingId[] = [
  'readonly-wrote',
  'closed-world-connected',
  'nondestructive-deleted',
  'idempotent-differed',
  'read-credentials',
];

const REFERENCE =
  'MCP specification, Server features: Tools (ToolAnnotations); mcp-hintcheck README "Exercising tools in a sandbox"';
const LIMITS =
  'Only the arguments that were sent were tried: other arguments may behave differently. A server may detect the sandbox (no network, an empty HOME) and act otherwise elsewhere. Hosted servers cannot be exercised.';

export const BEHAVIOUR_FINDING_DEFINITIONS: { [Id in BehaviourFindingId]: FlagDefinition<Id> } = {
  'readonly-wrote': {
    id: 'readonly-wrote',
    severity: 'high',
    title: 'Claimed read-only, wrote in the sandbox',
    meaning:
      'The tool declares readOnlyHint true (it does not modify its environment), yet called in the sandbox it created, wrote, deleted, renamed or changed the permissions of a file, or tried to (a write to the read-only system fails but shows intent, shown as "tried"). Only the tool\'s own effects count: background (seen with no call open), the server\'s every-call bookkeeping and its start are set aside, and the finding stands only when the tool, re-run alone in a fresh sandbox, does it again. The evidence lines are the traced system calls.',
    default: null,
    doesNotTell: `Whether the write matters (a cache, a log, or your data). ${LIMITS}`,
    reference: REFERENCE,
  },
  'closed-world-connected': {
    id: 'closed-world-connected',
    severity: 'high',
    title: 'Claimed a closed world, reached for the network',
    meaning:
      'The tool declares openWorldHint false (the spec: "the domain of interaction is closed"), yet called in the sandbox it tried to connect somewhere or to look up a name; the finding names every address contacted (host:port where the trace shows it; a lookup shows only the resolver). The sandbox has no network, so the attempt failed: it shows intent. Rule for a fixed vendor host (a tool that calls its own vendor\'s API, firecrawl\'s case): still a contradiction, because the data leaves the machine for a party the client did not name, and a closed world is one the client can see whole; the message says "contacted" rather than "leaked", and the host is named so a reviewer can judge whether it is the vendor.',
    default: null,
    doesNotTell: `What it would send, and whether the host is the vendor's own API (the spec does not say whether a vendor's fixed service is inside a "closed" domain). ${LIMITS}`,
    reference: REFERENCE,
  },
  'nondestructive-deleted': {
    id: 'nondestructive-deleted',
    severity: 'high',
    title: 'Claimed additive, deleted or overwrote a file',
    meaning:
      'The tool declares destructiveHint false (only additive updates), yet called in the sandbox it deleted, truncated or overwrote a file that existed before the server started (planted, or user data; not a file this run made, a temporary file or lock folder of its own). An atomic rewrite (temporary file, then rename) that left the file byte-identical is additive. A failed call on a missing file (ENOENT) is nothing; a refused one (EROFS) is shown as "tried".',
    default: null,
    doesNotTell: `Whether the file held anything of value. ${LIMITS}`,
    reference: REFERENCE,
  },
  'idempotent-differed': {
    id: 'idempotent-differed',
    severity: 'high',
    title: 'Claimed idempotent, the repeat changed more',
    meaning:
      'The tool declares idempotentHint true (repeating a call with the same arguments has no further effect), yet the second identical call in the sandbox changed files again (different content, a new file, an append).',
    default: null,
    doesNotTell: `Whether the difference is harmful (a counter, a log line, a duplicate record). ${LIMITS}`,
    reference: REFERENCE,
  },
  'read-credentials': {
    id: 'read-credentials',
    severity: 'high',
    title: 'Read a planted credential',
    meaning:
      'Called in the sandbox, the tool opened a canary file planted where credentials live (~/.ssh/id_ed25519, ~/.aws/credentials, .env in the working folder). Each canary holds a unique marker and no real secret.',
    default: null,
    doesNotTell: `What it would do with a real credential; the sandbox has no network to send one. ${LIMITS}`,
    reference: REFERENCE,
  },
  'spawned-process': {
    id: 'spawned-process',
    severity: 'medium',
    title: 'Started another program',
    meaning:
      "Called in the sandbox, the tool ran another program (execve). No hint speaks of processes, but whatever the program does is done with the server's rights.",
    default: null,
    doesNotTell: `Whether the program is harmful (git, a shell, a compiler). ${LIMITS}`,
    reference: REFERENCE,
  },
  'exercise-inconclusive': {
    id: 'exercise-inconclusive',
    severity: 'high',
    title: 'Exercised, but the evidence is incomplete',
    meaning:
      "Called in the sandbox, the tool did something the sandbox cannot see through and therefore refuses (io_uring, mknod, opening by handle, mounting, another process's memory), or the run's trace is incomplete (past its size cap, the tracer lost). Nothing contradicted the hints, but nothing can be called clean either: an inconclusive tool gates like a contradiction under --fail-on.",
    default: null,
    doesNotTell: `What the refused call would have done, or what the lost part of the trace held. ${LIMITS}`,
    reference: REFERENCE,
  },
};
