/**
 * The command "Approve as contract" prints: `mcp-hintcheck verify --contract FILE` with the audited
 * target, so it runs as copied. A saved audit knows its server by identity (lib/core/history/entry.ts
 * serverIdentity) and its transport (its conditions): a local command line, already quoted word by word for a POSIX shell, with
 * "  (in DIR)" when it ran in another folder; or a hosted server's URL. The file name, the folder and
 * the URL are quoted here the same way: single quotes, nothing expanded.
 */
import { joinCommandLine } from '@/lib/core/command-line';

/** One word for a POSIX shell: as is when it holds only safe characters, else in single quotes. */
const shellWord = (word: string): string => joinCommandLine([word]);

const IN_FOLDER = /^(.*) {2}\(in (.+)\)$/s;

export function verifyCommand(contractFile: string, audit: { identity: string; transport: string }): string {
  const start = `mcp-hintcheck verify --contract ${shellWord(contractFile)}`;
  if (audit.transport !== 'stdio') return `${start} --url ${shellWord(audit.identity)}`;
  const inFolder = IN_FOLDER.exec(audit.identity);
  if (inFolder === null) return `${start} -- ${audit.identity}`;
  return `${start} --cwd ${shellWord(inFolder[2] ?? '')} -- ${inFolder[1] ?? ''}`;
}
