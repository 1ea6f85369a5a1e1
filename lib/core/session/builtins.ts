/**
 * Tool names built into agent hosts. An MCP tool with one of these names (compared case-insensitively,
 * with `-` and `_` treated alike) competes with the host's own tool for the model's choice.
 *
 * Sources (the hosts' public documentation of their built-in tools, as of 2026):
 * - Claude Code, "Settings: tools available to Claude": Bash, Edit, Glob, Grep, LS, MultiEdit,
 *   NotebookEdit, NotebookRead, Read, Task, TodoWrite, WebFetch, WebSearch, Write.
 * - Gemini CLI, "docs/tools": read_file, write_file, replace, run_shell_command, glob,
 *   search_file_content, list_directory, read_many_files, web_fetch, google_web_search, save_memory.
 * - Cursor, "Agent tools": read_file, edit_file, list_dir, codebase_search, grep_search, file_search,
 *   run_terminal_cmd, delete_file, web_search.
 * - Common short names used by several coding agents: read, write, edit, bash, shell, grep, find, ls.
 */

export const HOST_BUILTIN_TOOLS: Readonly<Record<string, readonly string[]>> = {
  'Claude Code': [
    'Bash',
    'Edit',
    'Glob',
    'Grep',
    'LS',
    'MultiEdit',
    'NotebookEdit',
    'NotebookRead',
    'Read',
    'Task',
    'TodoWrite',
    'WebFetch',
    'WebSearch',
    'Write',
  ],
  'Gemini CLI': [
    'read_file',
    'write_file',
    'replace',
    'run_shell_command',
    'glob',
    'search_file_content',
    'list_directory',
    'read_many_files',
    'web_fetch',
    'google_web_search',
    'save_memory',
  ],
  Cursor: [
    'read_file',
    'edit_file',
    'list_dir',
    'codebase_search',
    'grep_search',
    'file_search',
    'run_terminal_cmd',
    'delete_file',
    'web_search',
  ],
  'coding agents (common)': ['read', 'write', 'edit', 'bash', 'shell', 'grep', 'find', 'ls'],
};

/** A name in comparable form: lower-case, `-` as `_`. */
export function normalToolName(name: string): string {
  return name.toLowerCase().replaceAll('-', '_');
}

const INDEX = new Map<string, string[]>();
for (const [host, names] of Object.entries(HOST_BUILTIN_TOOLS)) {
  for (const name of names) {
    const key = normalToolName(name);
    INDEX.set(key, [...(INDEX.get(key) ?? []), `${host} ${name}`]);
  }
}

/** The host tools a name shadows ("Claude Code Read", ...), or [] when none. */
export function shadowedBuiltins(name: string): string[] {
  return INDEX.get(normalToolName(name)) ?? [];
}
