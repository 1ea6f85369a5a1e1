/** The references every result finding cites (the spec's result sections and prompt-injection guidance). */
export const REFERENCE =
  'MCP specification, Server features: Tools (tool results), Resources, Prompts; MCP security best practices (prompt injection)';
