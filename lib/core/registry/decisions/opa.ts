/**
 * The OPA data document of a merged run (for a gateway's policy to read as `data.mcp_hintcheck`):
 * servers -> name -> versions -> version -> {verdict, digest, status, counts, tools -> name -> effective
 * hints}. OPA_POLICY is a short example policy over it (Rego v1): a tool call is allowed when the server's
 * version passed, its surface digest is the audited one, and the tool is read-only or the caller allows writes.
 */
import { SEVERITIES, type Severity } from '../../severity';
import type { RegistryReport } from '../merge';
import { countsOf, type RowTool, type Verdict } from '../row';

export interface OpaVersion {
  verdict: Verdict;
  status: string;
  digest: string | null;
  counts: Record<Severity, number>;
  tools: Record<string, RowTool['hints'] & { annotated: boolean }>;
}

export interface OpaData {
  mcp_hintcheck: {
    generatedAt: string;
    servers: Record<string, { versions: Record<string, OpaVersion> }>;
  };
}

export function opaData(report: RegistryReport): OpaData {
  const servers: OpaData['mcp_hintcheck']['servers'] = {};
  for (const row of report.servers) {
    const server = (servers[row.name] ??= { versions: {} });
    server.versions[row.version] = {
      verdict: row.verdict,
      status: row.status,
      digest: row.digest,
      counts: countsOf(row.findings),
      tools: Object.fromEntries(row.tools.map((tool) => [tool.name, { ...tool.hints, annotated: tool.annotated }])),
    };
  }
  return { mcp_hintcheck: { generatedAt: report.generatedAt, servers } };
}

export const OPA_SEVERITIES = SEVERITIES;

export const OPA_POLICY = `# Example gateway policy over mcp-hintcheck's registry data document (data.mcp_hintcheck).
# input: {"server": NAME, "version": VERSION, "digest": SHA256 of the live surface, "tool": TOOL, "allow_writes": bool}
package mcp_hintcheck.gateway

import rego.v1

default allow := false

audited := data.mcp_hintcheck.servers[input.server].versions[input.version]

# The version passed the audit and the surface is the one audited (no rug pull since).
trusted if {
	audited.verdict == "pass"
	audited.digest == input.digest
}

allow if {
	trusted
	audited.tools[input.tool].readOnlyHint
}

allow if {
	trusted
	input.allow_writes
	not audited.tools[input.tool].destructiveHint
}

reasons contains "the server version was not audited" if not audited
reasons contains sprintf("the audit's verdict is %s", [audited.verdict]) if audited.verdict != "pass"
reasons contains "the live surface differs from the audited one" if audited.digest != input.digest
`;
