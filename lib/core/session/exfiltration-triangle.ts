/**
 * exfiltration-triangle (the "lethal trifecta" of prompt injection): an agent that can read private
 * data, reads content written by strangers, and can send data out can be steered by that content to
 * send the private data out. Each leg comes from what the tools claim:
 * - untrusted-content readers: tools that carry the untrusted-content signal (a read whose words
 *   say it returns what others write: issues, comments, messages, web pages;
 *   signals/untrusted-content.ts), and reads that declare openWorldHint true;
 * - external writers: effective writes that are open-world (an unannotated tool is one, by
 *   default), except where the hints are absent and the effect inferred from the tool's name is a
 *   read (get_issue, slack_list_channels): such a writer is marked with what was inferred;
 * - private-data readers: reads whose name or description says what private data they read (files,
 *   mail, databases, secrets...: private-data.ts), never a read-only tool for being read-only.
 */
import type { ToolReport } from '../report/report';
import { PRIVATE_DATA_EXPLANATION, privateDataRead } from './private-data';
import {
  listTools,
  ref,
  type RaisedSessionFinding,
  type SessionRule,
  type SessionServer,
  type ToolRef,
} from './session-rule';

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

function triangleFinding(servers: readonly SessionServer[]): RaisedSessionFinding<'exfiltration-triangle'> | null {
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
    severity: exfiltrationTriangle.definition.severity,
    message: `${involved.size === 1 ? `One server, ${[...involved][0] ?? ''},` : `${involved.size} servers together`} give the agent private-data readers (${listTools(privateData)}), untrusted-content readers (${listTools(untrustedContent)}) and external writers (${listTools(externalWrite)}).`,
    tools: [...privateData, ...untrustedContent, ...externalWrite],
    legs: { privateData, untrustedContent, externalWrite },
  };
}

export const exfiltrationTriangle: SessionRule<'exfiltration-triangle'> = {
  definition: {
    id: 'exfiltration-triangle',
    severity: 'high',
    title: 'Private data, untrusted content and an outbound channel in one session',
    meaning: `Together, these servers give the agent tools that read private data, tools that return content strangers can write (issues, comments, messages, web pages; or reads that declare an open world), and tools that write to an open world (where hints are absent, judged by the verb of the name, marked inferred: a get or list tool is no writer). Text in the untrusted content can instruct the agent to read the private data and send it out through the writer, with no server misbehaving on its own. ${PRIVATE_DATA_EXPLANATION.meaning}`,
    doesNotTell: `That an attack is possible with these exact tools: the other two legs come from self-declared hints (unannotated tools default to open-world writes). Remove a leg (disconnect a server, or require approval for the writers) to break it. Private-data readers: ${PRIVATE_DATA_EXPLANATION.doesNotTell}`,
    reference: `${PRIVATE_DATA_EXPLANATION.reference}; MCP specification, Tools: openWorldHint, readOnlyHint`,
  },
  check: (servers) => {
    const finding = triangleFinding(servers);
    return finding === null ? [] : [finding];
  },
};
