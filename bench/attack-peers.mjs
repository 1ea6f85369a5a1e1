// The peers of bench/attacks.mjs: offline scanners a user could pick from npm, installed at bench time
// into a temporary folder outside the repository (never project dependencies), each fed the same
// corpus in the form it reads, with the detection rule adapted to its output:
//   ferret-scan     `ferret check <file> -f json` on one JSON file per target holding the listed item
//                   (server name, the item as the server listed it); detected: a finding of severity
//                   MEDIUM or above; false alarm: any finding.
//   agent-security-scanner-mcp  `scan-prompt <text>` on the same JSON text; detected: a finding of
//                   severity ERROR or WARNING (or action BLOCK/WARN); false alarm: any finding.
//   mcp-scan        `scan -c <config> --offline --json`, one MCP configuration per fixture (it reads
//                   configurations, it does not list tools); its findings count for every target of
//                   that server; detected: medium or above; false alarm: any finding.
//   agentaudit      not measured: see UNAVAILABLE.
// A rug pull needs calls in one session: no static scanner runs one, so each is "not caught".
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const PACKAGES = ['ferret-scan@2.10.0', 'agent-security-scanner-mcp@4.5.9', 'mcp-scan@2.0.8'];
const UNAVAILABLE = {
  agentaudit:
    'agentaudit 3.14.0: `scan` git-clones an https/git/ssh repository URL and looks the package up in its online registry; `audit` sends the code to an LLM provider. Neither runs offline on a local listing or folder here (a local folder is read only through `discover` of installed servers).',
};

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', timeout: 120_000, maxBuffer: 32 * 1024 * 1024, ...options },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : (error.code ?? -1), stdout, stderr }),
    );
  });
}

function jsonIn(text) {
  const start = text.indexOf('{');
  if (start < 0) return null;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return null;
  }
}

async function pooled(jobs, limit) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** What a client sees of one fixture: every tool, resource and template as listed. */
async function listing(command, env) {
  const client = new Client({ name: 'attack-bench', version: '1' });
  const [cmd, ...args] = command;
  await client.connect(
    new StdioClientTransport({ command: cmd, args, env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'ignore' }),
  );
  try {
    const caps = client.getServerCapabilities() ?? {};
    const server = client.getServerVersion()?.name ?? '';
    const tools = (await client.listTools()).tools;
    const resources = caps.resources ? (await client.listResources()).resources : [];
    const templates = caps.resources ? (await client.listResourceTemplates()).resourceTemplates : [];
    return { server, instructions: client.getInstructions() ?? null, tools, resources, templates };
  } finally {
    await client.close();
  }
}

function itemOf(list, subject) {
  if (subject.kind === 'tool') return list.tools.find((tool) => tool.name === subject.name);
  if (subject.kind === 'resource') return list.resources.find((item) => item.uri === subject.name);
  if (subject.kind === 'template') return list.templates.find((item) => item.uriTemplate === subject.name);
  if (subject.kind === 'instructions') return { instructions: list.instructions };
  return undefined;
}

const SEVERE = new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'ERROR', 'WARNING']);
const verdictOf = (findings) => ({
  detected: findings.some((finding) => SEVERE.has(String(finding.severity).toUpperCase())),
  critical: findings.some((finding) => String(finding.severity).toUpperCase() === 'CRITICAL'),
  specific: [...new Set(findings.map((finding) => `${finding.id} (${String(finding.severity).toLowerCase()})`))],
});

/** Every peer's figures; `fixtures`, `labels`: the bundled test/corpus/attack-fixtures.ts and attack-labels.ts. */
export async function measurePeers(root, fixtures, labels) {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-peers-'));
  try {
    const install = await run('npm', [
      'install',
      '--prefix',
      dir,
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      ...PACKAGES,
    ]);
    if (install.code !== 0) {
      return [...PACKAGES, 'agentaudit'].map((name) => ({
        name,
        unavailable: `npm install failed: ${install.stderr.slice(-300)}`,
      }));
    }
    const { ATTACKS, BENIGN, BENIGN_FIRST_LOAD } = labels;
    const command = (id) => [
      process.execPath,
      join(root, 'test/fixtures/attacks', fixtures.FIXTURES[id].file),
      ...(fixtures.FIXTURES[id].args ?? []),
    ];
    const marker = join(dir, 'mcp-triggered');
    const firstLoad = await listing(command('invariant-whatsapp'), { MCP_TRIGGERED_FILE: marker });
    const lists = new Map();
    const listOf = (id) => {
      if (!lists.has(id))
        lists.set(id, listing(command(id), id === 'invariant-whatsapp' ? { MCP_TRIGGERED_FILE: marker } : {}));
      return lists.get(id);
    };
    const documentOf = async (target) => {
      const { subject } = target;
      if (subject.kind === 'pair') {
        const [a, b] = await Promise.all([listOf(target.fixture), listOf(subject.with)]);
        const pick = (list) => ({
          server: list.server,
          tools: list.tools.filter((tool) => subject.tools.includes(tool.name)),
        });
        return { servers: [pick(a), pick(b)] };
      }
      const list =
        target.fixture === 'invariant-whatsapp' && target === BENIGN_FIRST_LOAD
          ? firstLoad
          : await listOf(target.fixture);
      return { server: list.server, [subject.kind]: itemOf(list, subject) ?? null };
    };
    const targets = [...ATTACKS, ...BENIGN, BENIGN_FIRST_LOAD];
    const documents = await Promise.all(targets.map(documentOf));
    const bin = (name) => join(dir, 'node_modules/.bin', name);
    const files = documents.map((document, index) => {
      const file = join(dir, 'targets', `target-${index}.json`);
      mkdirSync(join(dir, 'targets'), { recursive: true });
      writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
      return file;
    });
    const env = { ...process.env, HOME: dir, NO_COLOR: '1' };
    const ferret = async (index) => {
      const out = jsonIn((await run(bin('ferret'), ['check', files[index], '-f', 'json'], { env, cwd: dir })).stdout);
      return (out?.findings ?? []).map((finding) => ({ id: finding.ruleId, severity: finding.severity }));
    };
    const assm = async (index) => {
      const out = jsonIn(
        (
          await run(bin('agent-security-scanner-mcp'), ['scan-prompt', JSON.stringify(documents[index])], {
            env,
            cwd: dir,
          })
        ).stdout,
      );
      return (out?.findings ?? []).map((finding) => ({ id: finding.rule_id, severity: finding.severity }));
    };
    const scanned = new Map();
    const mcpScan = async (index) => {
      const target = targets[index];
      const ids = target.subject.kind === 'pair' ? [target.fixture, target.subject.with] : [target.fixture];
      const key = ids.join('+');
      if (!scanned.has(key)) {
        const config = join(dir, `config-${scanned.size}.json`);
        const servers = Object.fromEntries(
          ids.map((id) => {
            const [c, ...a] = command(id);
            return [id, { command: c, args: a }];
          }),
        );
        writeFileSync(config, JSON.stringify({ mcpServers: servers }));
        scanned.set(
          key,
          run(bin('mcp-scan'), ['scan', '-c', config, '--offline', '--json'], { env, cwd: dir }).then(({ stdout }) =>
            jsonIn(stdout),
          ),
        );
      }
      const out = await scanned.get(key);
      return (out?.results ?? []).flatMap((result) =>
        (result.findings ?? []).map((finding) => ({
          id: finding.id ?? finding.type ?? finding.title,
          severity: finding.severity,
        })),
      );
    };
    const peers = [
      { name: 'ferret-scan', version: '2.10.0', how: 'ferret check on one listing JSON per target', measure: ferret },
      {
        name: 'agent-security-scanner-mcp',
        version: '4.5.9',
        how: 'scan-prompt on the listing JSON per target',
        measure: assm,
      },
      {
        name: 'mcp-scan',
        version: '2.0.8',
        how: 'scan -c on an MCP configuration per server, --offline',
        measure: mcpScan,
      },
    ];
    const results = [];
    for (const peer of peers) {
      const found = await pooled(
        targets.map((_, index) => () => peer.measure(index)),
        3,
      );
      const scored = targets.map((target, index) => {
        const verdict = verdictOf(found[index] ?? []);
        return {
          target,
          verdict: target.class === 'rug-pull' ? { ...verdict, detected: false, critical: false } : verdict,
          error: null,
        };
      });
      results.push({
        name: peer.name,
        version: peer.version,
        how: peer.how,
        attacks: scored.slice(0, ATTACKS.length),
        benign: scored.slice(ATTACKS.length),
      });
    }
    for (const [name, reason] of Object.entries(UNAVAILABLE)) results.push({ name, unavailable: reason });
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
