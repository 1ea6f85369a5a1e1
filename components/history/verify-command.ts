/**
 * The command "Approve as contract" prints: `mcp-hintcheck verify --contract FILE` with the audited
 * target, so it runs as copied. A saved audit knows its server by identity (lib/core/history/entry.ts
 * serverIdentity) and its transport (its conditions): a local command line, already quoted word by word for a POSIX shell, with
 * "  (in DIR)" when it ran in another folder; or a hosted server's URL. The file name, the folder and
 * the URL are quoted here the same way: single quotes, nothing expanded.
 */
/** One word for a POSIX shell: as is when it holds only safe characters, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

const IN_FOLDER = /^(.*) {2}\(in (.+)\)$/s;

export function verifyCommand(contractFile: string, audit: { identity: string; transport: string }): string {
  const start = `mcp-hintcheck verify --contract ${shellWord(contractFile)}`;
  if (audit.transport !== 'stdio') return `${start} --url ${shellWord(audit.identity)}`;
  const inFolder = IN_FOLDER.exec(audit.identity);
  if (inFolder === null) return `${start} -- ${audit.identity}`;
  return `${start} --cwd ${shellWord(inFolder[2] ?? '')} -- ${inFolder[1] ?? ''}`;
}
