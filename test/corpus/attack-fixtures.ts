// The attack corpus's servers (issue 46 item 8): each fixture under test/fixtures/attacks/, the public
// collection it was ported from (repository, commit, path), and the types of its labels
// (test/corpus/attack-labels.ts). Read by test/attack-corpus.test.ts and bench/attacks.mjs.

/** The attack classes; `listing-visible` ones are those a first listing shows (the ≥ 95% bar). */
export const ATTACK_CLASSES = [
  'tool-poisoning',
  'preference-manipulation',
  'shadowing',
  'secret-resource',
  'path-confinement',
  'rug-pull',
  'code-execution',
  'secret-tool',
  'exfiltration-parameter',
  'secret-result',
  'indirect-injection',
] as const;
export type AttackClass = (typeof ATTACK_CLASSES)[number];

/** The classes the issue holds to ≥ 95% of their listing-visible targets. */
export const LISTING_VISIBLE_CLASSES: readonly AttackClass[] = [
  'tool-poisoning',
  'preference-manipulation',
  'shadowing',
  'secret-resource',
  'path-confinement',
];

export interface Fixture {
  /** Path under test/fixtures/attacks/. */
  file: string;
  /** Arguments after the file. */
  args?: string[];
  collection: 'dvmcp' | 'mcpsecbench' | 'invariant' | 'mcp-guardian' | 'published';
  /** Where it was ported from: repository@commit:path (or the recorded listing). */
  source: string;
}

const DVMCP = 'harishsg993010/damn-vulnerable-MCP-server@c7cb1e95ec2596bf0e989b70e7b954f364da03a2';
const SECBENCH = 'AIS2Lab/MCPSecBench@7eb773d07f298b251e763f99fe07e183a9d9694e';
// invariantlabs-ai/mcp-injection-experiments as of its fork sanxku/mcp-injection-experiments@838980b
// (the upstream's files before the fork changed direct-poisoning.py); n8n from the upstream itself.
const INVARIANT =
  'invariantlabs-ai/mcp-injection-experiments (via sanxku fork @838980bdc997a9a90343c2d0369cf6a8f8b45f6e)';
const GUARDIAN = 'alexandriashai/mcp-guardian@012c0610f49995cb15dbf0fb20ece21af6583efc';

const dvmcp = (n: number, level: string, suffix = ''): Fixture => ({
  file: `dvmcp/challenge${n}${suffix}.mjs`,
  collection: 'dvmcp',
  source: `${DVMCP}:challenges/${level}/challenge${n}/server.py`,
});
const secbench = (name: string): Fixture => ({
  file: `mcpsecbench/${name}.mjs`,
  collection: 'mcpsecbench',
  source: `${SECBENCH}:code/${name}.py`,
});
const replay = (name: string, version: string): Fixture => ({
  file: 'published/replay.mjs',
  args: [name],
  collection: 'published',
  source: `test/fixtures/corpus/${name}.json (${version}, recorded listing)`,
});

export const FIXTURES = {
  'dvmcp-1': dvmcp(1, 'easy'),
  'dvmcp-2': dvmcp(2, 'easy'),
  'dvmcp-3': dvmcp(3, 'easy'),
  'dvmcp-4': dvmcp(4, 'medium'),
  'dvmcp-5': dvmcp(5, 'medium'),
  'dvmcp-5-trusted': dvmcp(5, 'medium', '-trusted'),
  'dvmcp-5-enhanced': dvmcp(5, 'medium', '-enhanced'),
  'dvmcp-6': dvmcp(6, 'medium'),
  'dvmcp-7': dvmcp(7, 'medium'),
  'dvmcp-8': dvmcp(8, 'hard'),
  'dvmcp-9': dvmcp(9, 'hard'),
  'dvmcp-10': dvmcp(10, 'hard'),
  'secbench-malicious': secbench('maliciousadd'),
  'secbench-compute': secbench('addserver'),
  'secbench-check-sig': secbench('download'),
  'secbench-check-sig-squat': secbench('squatting'),
  'invariant-direct': {
    file: 'invariant/direct-poisoning.mjs',
    collection: 'invariant',
    source: `${INVARIANT}:direct-poisoning.py`,
  },
  'invariant-shadowing': {
    file: 'invariant/shadowing.mjs',
    collection: 'invariant',
    source: `${INVARIANT}:shadowing.py`,
  },
  'invariant-whatsapp': {
    file: 'invariant/whatsapp-takeover.mjs',
    collection: 'invariant',
    source: `${INVARIANT}:whatsapp-takeover.py`,
  },
  'invariant-n8n': {
    file: 'invariant/n8n-webhook-poisoning.mjs',
    collection: 'invariant',
    source:
      'invariantlabs-ai/mcp-injection-experiments@baebd702573f62cff8b746c1093e14ec526837db:n8n-webhook-poisoning.py',
  },
  'guardian-poisoned': {
    file: 'mcp-guardian/poisoned-server.mjs',
    collection: 'mcp-guardian',
    source: `${GUARDIAN}:examples/poisoned-server/index.js`,
  },
  'pub-memory': replay('server-memory', '@modelcontextprotocol/server-memory 2026.8.31'),
  'pub-filesystem': replay('server-filesystem', '@modelcontextprotocol/server-filesystem 2026.8.31'),
  'pub-everything': replay('server-everything', '@modelcontextprotocol/server-everything'),
  'pub-context7': replay('context7', '@upstash/context7-mcp 4.1.1'),
  'pub-brave': replay('brave-search', '@modelcontextprotocol/server-brave-search 0.6.2'),
  'pub-github': replay('server-github', '@modelcontextprotocol/server-github 2025.4.8'),
  'pub-slack': replay('server-slack', '@modelcontextprotocol/server-slack 2025.4.25'),
} as const satisfies Record<string, Fixture>;
export type FixtureId = keyof typeof FIXTURES;

/** What a label is about: one listed item of one server, or the same (or near) names across servers. */
export type Subject =
  | { kind: 'tool' | 'resource' | 'template' | 'prompt'; name: string }
  | { kind: 'instructions' }
  | { kind: 'pair'; with: FixtureId; tools: readonly string[] };

export interface AttackTarget {
  fixture: FixtureId;
  subject: Subject;
  class: AttackClass;
  /** Whether a first listing shows the attack (its text, schema or resource description). */
  listingVisible: boolean;
  /** The collection's own words saying it is an attack (README, challenge text, source comment). */
  words: string;
  /** For a rug pull: the calls of the tool after which the server re-lists the poisoned text. */
  afterCalls?: number;
}

export interface BenignTarget {
  fixture: FixtureId;
  subject: Subject;
  /** One line, from reading the tool's source or description: why it is benign. */
  reason: string;
}
