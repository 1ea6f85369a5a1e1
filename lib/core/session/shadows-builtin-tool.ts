/** shadows-builtin-tool: a server tool named like a tool an agent host has built in (builtins.ts). */
import { shadowedBuiltins } from './builtins';
import { ref, type RaisedSessionFinding, type SessionRule, type SessionServer } from './session-rule';

function shadowFindings(servers: readonly SessionServer[]): RaisedSessionFinding<'shadows-builtin-tool'>[] {
  const findings: RaisedSessionFinding<'shadows-builtin-tool'>[] = [];
  for (const { name, report } of servers) {
    for (const tool of report.tools) {
      const hosts = shadowedBuiltins(tool.name);
      if (hosts.length === 0) continue;
      findings.push({
        id: 'shadows-builtin-tool',
        severity: shadowsBuiltinTool.definition.severity,
        message: `${name}/${tool.name} is named like the built-in ${hosts.join(', ')}.`,
        tools: [ref(name, tool)],
      });
    }
  }
  return findings;
}

export const shadowsBuiltinTool: SessionRule<'shadows-builtin-tool'> = {
  definition: {
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
  check: shadowFindings,
};
