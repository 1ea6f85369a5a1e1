/**
 * Session findings: risks that belong to the set of servers an agent holds together, not to one
 * server. Computed from Reports only (effective hints, names, descriptions), each with its
 * explanation in the style of lib/core/flags/catalogue.ts.
 *
 * The exfiltration triangle (the "lethal trifecta" of prompt injection): an agent that can read
 * private data, reads content written by strangers, and can send data out can be steered by that
 * content to send the private data out. Each leg here comes from what the tools claim:
 * - untrusted-content readers: tools that carry the untrusted-content signal (a read whose words
 *   say it returns what others write: issues, comments, messages, web pages;
 *   signals/untrusted-content.ts), and reads that declare openWorldHint true;
 * - external writers: effective writes that are open-world (an unannotated tool is one, by
 *   default), except where the hints are absent and the effect inferred from the tool's name is a
 *   read (get_issue, slack_list_channels): such a writer is marked with what was inferred;
 * - private-data readers: reads whose name or description says what private data they read (files,
 *   mail, databases, secrets...: private-data.ts), never a read-only tool for being read-only.
 * Collisions are one finding per pair of servers, listing every name they share. The findings come
 * in the order a reviewer reads them: the triangle first, then by severity (stable within).
 */
import { z } from 'zod';
import type { FindingDefinition } from '../finding';
import { SEVERITIES, severityRank, type Severity } from '../severity';
import type { Report, ToolReport } from '../report/report';
import { normalToolName, shadowedBuiltins } from './builtins';
import { PRIVATE_DATA_EXPLANATION, privateDataRead } from './private-data';
import { INFERRED_EFFECTS } from '../signals/inferred-effect';

export { readsPrivateData } from './private-data';

export const SESSION_FINDING_IDS = [
  'tool-name-collision',
  'shadows-builtin-tool',
  'cross-server-reference',
  'exfiltration-triangle',
] as const;
export type SessionFindingId = (typeof SESSION_FINDING_IDS)[number];

const toolRefSchema = z.object({
  server: z.string(),
  tool: z.string(),
  /** Private-data readers: what the tool reads and the words that say so (private-data.ts). */
  reads: z.object({ kind: z.string(), words: z.string() }).optional(),
  /** External writers whose hints are absent: the effect inferred from the name, never a declaration. */
  inferred: z.object({ effect: z.enum(INFERRED_EFFECTS), word: z.string() }).optional(),
});
export type ToolRef = z.infer<typeof toolRefSchema>;

export const sessionFindingSchema = z.object({
  id: z.enum(SESSION_FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  /** The tools that form the finding. For the triangle: every tool of each leg. */
  tools: z.array(toolRefSchema),
  legs: z
    .object({
      privateData: z.array(toolRefSchema),
      untrustedContent: z.array(toolRefSchema),
      externalWrite: z.array(toolRefSchema),
    })
    .optional(),
});
export type SessionFinding = z.infer<typeof sessionFindingSchema>;

export type SessionFindingDefinition = FindingDefinition<SessionFindingId>;

export const SESSION_FINDING_DEFINITIONS: Record<SessionFindingId, SessionFindingDefinition> = {
  'tool-name-collision': {
    id: 'tool-name-collision',
    severity: 'high',
    title: 'The same tool names on two servers',
    meaning:
      'Two servers offer tools with the same names (one finding per pair of servers, listing every shared name; the same tools on both usually mean one server configured twice). Tool names are unique only within one server; which one the agent calls is up to the client (some prefix names with the server, some keep the first or the last, some show the model both). A server can take over calls meant for another.',
    doesNotTell: 'Which tool your client will call: check how it names MCP tools.',
    reference: 'MCP specification 2025-11-25, Tools: tool names are unique per server; MCP security best practices',
  },
  'shadows-builtin-tool': {
    id: 'shadows-builtin-tool',
    severity: 'medium',
    title: 'A tool named like a host’s built-in tool',
    meaning:
      'The tool’s name matches a tool the agent host has built in (read, bash, edit, write, grep, ...). The model chooses tools by name and description: a server tool named like a built-in can be picked instead of it, and sees what was meant for it.',
    doesNotTell:
      'Whether your host lets it: some hosts prefix MCP tools (Claude Code calls them mcp__server__tool), which removes the clash in the name but not in the model’s choice.',
    reference:
      'Hosts’ documented built-in tools (lib/core/session/builtins.ts); MCP security best practices (tool shadowing)',
  },
  'cross-server-reference': {
    id: 'cross-server-reference',
    severity: 'high',
    title: 'A description that names another server’s tool',
    meaning:
      'A tool’s description mentions a tool offered by a different server. Descriptions are read by the model as instructions; a server that tells the model how or when to use another server’s tool can redirect it (tool poisoning across servers).',
    doesNotTell: 'Intent: integrations sometimes mention each other honestly. Read the description.',
    reference: 'MCP security best practices (tool poisoning); Invariant Labs, cross-server tool shadowing (2025)',
  },
  'exfiltration-triangle': {
    id: 'exfiltration-triangle',
    severity: 'high',
    title: 'Private data, untrusted content and an outbound channel in one session',
    meaning: `Together, these servers give the agent tools that read private data, tools that return content strangers can write (issues, comments, messages, web pages; or reads that declare an open world), and tools that write to an open world (where hints are absent, judged by the verb of the name, marked inferred: a get or list tool is no writer). Text in the untrusted content can instruct the agent to read the private data and send it out through the writer, with no server misbehaving on its own. ${PRIVATE_DATA_EXPLANATION.meaning}`,
    doesNotTell: `That an attack is possible with these exact tools: the other two legs come from self-declared hints (unannotated tools default to open-world writes). Remove a leg (disconnect a server, or require approval for the writers) to break it. Private-data readers: ${PRIVATE_DATA_EXPLANATION.doesNotTell}`,
    reference: `${PRIVATE_DATA_EXPLANATION.reference}; MCP specification, Tools: openWorldHint, readOnlyHint`,
  },
};

const severityOf = (id: SessionFindingId): Severity => SESSION_FINDING_DEFINITIONS[id].severity;

export interface SessionServer {
  /** The server's name in the configuration (what the user knows it by). */
  name: string;
  report: Report;
}

const ref = (server: string, tool: ToolReport): ToolRef => ({ server, tool: tool.name });

/** What it returns can be written by strangers: the untrusted-content signal, or a read that declares an open world. */
export const readsUntrustedContent = (tool: ToolReport): boolean =>
  tool.flags.some((flag) => flag.id === 'untrusted-content') ||
  (tool.readOnly && tool.openWorld && tool.effective.openWorldHint.source === 'declared');

/**
 * An open-world write: it can send data out. Where the hints are absent (the spec defaults make
 * every tool an open-world write), a tool whose name reads (get, list, search) is none.
 */
export const writesExternally = (tool: ToolReport): boolean =>
  !tool.readOnly &&
  tool.openWorld &&
  !(tool.risk.inferred?.why === 'hints-absent' && tool.risk.inferred.effect === 'read');

/** A tool name distinctive enough to count as a reference when a description mentions it. */
function distinctive(name: string): boolean {
  return name.length >= 4 && (/[_.-]/.test(name) || /[a-z][A-Z]/.test(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A tool of a leg as shown: "slack/slack_post_message (inferred write: "post")" where its effect was inferred. */
export function legToolText(ref: ToolRef): string {
  const inferred = ref.inferred === undefined ? '' : ` (inferred ${ref.inferred.effect}: "${ref.inferred.word}")`;
  return `${ref.server}/${ref.tool}${inferred}`;
}

const list = (refs: readonly ToolRef[], max = 6, withServer = true): string => {
  const shown = refs.slice(0, max).map((r) => (withServer ? legToolText(r) : r.tool));
  return refs.length > max ? `${shown.join(', ')} and ${refs.length - max} more` : shown.join(', ');
};

/** One finding per pair of servers that share tool names, listing every shared name. */
function collisionFindings(servers: readonly SessionServer[]): SessionFinding[] {
  const findings: SessionFinding[] = [];
  const names = servers.map(({ report }) => {
    const byKey = new Map<string, ToolReport>();
    for (const tool of report.tools)
      if (tool.name !== '' && !byKey.has(normalToolName(tool.name))) byKey.set(normalToolName(tool.name), tool);
    return byKey;
  });
  for (let a = 0; a < servers.length; a++) {
    for (let b = a + 1; b < servers.length; b++) {
      const first = servers[a];
      const second = servers[b];
      const own = names[a];
      const other = names[b];
      if (first === undefined || second === undefined || own === undefined || other === undefined) continue;
      if (first.name === second.name) continue;
      const shared = [...own.keys()].filter((key) => other.has(key));
      if (shared.length === 0) continue;
      const tools = shared.flatMap((key) => {
        const mine = own.get(key);
        const theirs = other.get(key);
        return mine === undefined || theirs === undefined ? [] : [ref(first.name, mine), ref(second.name, theirs)];
      });
      const shown = shared.map((key) => own.get(key)?.name ?? key);
      const same = shared.length === own.size && shared.length === other.size;
      findings.push({
        id: 'tool-name-collision',
        severity: severityOf('tool-name-collision'),
        message: `${first.name} and ${second.name} both offer ${shared.length === 1 ? 'a tool' : `${shared.length} tools`} named ${list(
          shown.map((name) => ({ server: '', tool: name })),
          12,
          false,
        )}${same ? ': the same tool list, likely one server configured twice' : ''}.`,
        tools,
      });
    }
  }
  return findings;
}

function shadowFindings(servers: readonly SessionServer[]): SessionFinding[] {
  const findings: SessionFinding[] = [];
  for (const { name, report } of servers) {
    for (const tool of report.tools) {
      const hosts = shadowedBuiltins(tool.name);
      if (hosts.length === 0) continue;
      findings.push({
        id: 'shadows-builtin-tool',
        severity: severityOf('shadows-builtin-tool'),
        message: `${name}/${tool.name} is named like the built-in ${hosts.join(', ')}.`,
        tools: [ref(name, tool)],
      });
    }
  }
  return findings;
}

function crossReferenceFindings(servers: readonly SessionServer[]): SessionFinding[] {
  const findings: SessionFinding[] = [];
  for (const { name, report } of servers) {
    for (const tool of report.tools) {
      const text = `${tool.description ?? ''} ${tool.title ?? ''}`;
      if (text.trim() === '') continue;
      for (const other of servers) {
        if (other.name === name) continue;
        const named = other.report.tools.filter(
          (candidate) =>
            distinctive(candidate.name) &&
            !report.tools.some((own) => own.name === candidate.name) &&
            new RegExp(`(?<![\\w.-])${escapeRegExp(candidate.name)}(?![\\w-])`).test(text),
        );
        if (named.length === 0) continue;
        findings.push({
          id: 'cross-server-reference',
          severity: severityOf('cross-server-reference'),
          message: `The description of ${name}/${tool.name} names ${other.name}'s ${named.map((t) => t.name).join(', ')}.`,
          tools: [ref(name, tool), ...named.map((t) => ref(other.name, t))],
        });
      }
    }
  }
  return findings;
}

function triangleFinding(servers: readonly SessionServer[]): SessionFinding | null {
  const privateData: ToolRef[] = [];
  const untrustedContent: ToolRef[] = [];
  const externalWrite: ToolRef[] = [];
  for (const { name, report } of servers) {
    for (const tool of report.tools) {
      const reads = privateDataRead(tool);
      if (reads !== null) privateData.push({ ...ref(name, tool), reads });
      if (readsUntrustedContent(tool)) untrustedContent.push(ref(name, tool));
      if (writesExternally(tool)) {
        const inferred = tool.risk.inferred?.why === 'hints-absent' ? tool.risk.inferred : undefined;
        externalWrite.push(
          inferred === undefined
            ? ref(name, tool)
            : { ...ref(name, tool), inferred: { effect: inferred.effect, word: inferred.word } },
        );
      }
    }
  }
  if (privateData.length === 0 || untrustedContent.length === 0 || externalWrite.length === 0) return null;
  const involved = new Set([...privateData, ...untrustedContent, ...externalWrite].map((r) => r.server));
  return {
    id: 'exfiltration-triangle',
    severity: severityOf('exfiltration-triangle'),
    message: `${involved.size === 1 ? `One server, ${[...involved][0] ?? ''},` : `${involved.size} servers together`} give the agent private-data readers (${list(privateData)}), untrusted-content readers (${list(untrustedContent)}) and external writers (${list(externalWrite)}).`,
    tools: [...privateData, ...untrustedContent, ...externalWrite],
    legs: { privateData, untrustedContent, externalWrite },
  };
}

/** The order a reviewer reads session findings in: the triangle first, then by severity, stable within. */
export function orderSessionFindings(findings: readonly SessionFinding[]): SessionFinding[] {
  const rank = (finding: SessionFinding): number =>
    finding.id === 'exfiltration-triangle' ? -1 : severityRank(finding.severity);
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => rank(a.finding) - rank(b.finding) || a.index - b.index)
    .map(({ finding }) => finding);
}

export function sessionFindings(servers: readonly SessionServer[]): SessionFinding[] {
  const triangle = triangleFinding(servers);
  return orderSessionFindings([
    ...(triangle === null ? [] : [triangle]),
    ...collisionFindings(servers),
    ...shadowFindings(servers),
    ...crossReferenceFindings(servers),
  ]);
}
