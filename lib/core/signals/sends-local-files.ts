/**
 * Signal: the tool reads local files to send them elsewhere (an upload). Its text says it uploads or
 * attaches files, or it takes local paths and says it drops, sends, posts or submits files. A tool
 * that reads a file and returns it to the agent (read_file) is not this signal: nothing is said to
 * leave. MCP security best practices (data exfiltration).
 */
import type { FindingDefinition } from '../severity';
import { isRecord } from '../is-record';

export const SENDS_LOCAL_FILES_ID = 'sends-local-files';

const UPLOADS = /\bupload(?:s|ed|ing)?\b|\battach(?:es|ed|ing)?\b[^.\n]{0,20}?\bfiles?\b/i;
const SENDS_FILES = /\b(?:drop|drops|send|sends|post|posts|submit|submits)\b[^.\n]{0,20}?\bfiles?\b/i;
const PATH_ARGUMENT = /^(?:paths?|file_?paths?|files?_?paths?|local_?paths?|source_?paths?)$/i;

/** Top-level arguments that take local file paths. */
function pathArguments(inputSchema: unknown): string[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  return Object.keys(inputSchema.properties).filter((key) => PATH_ARGUMENT.test(key));
}

/** What says the tool sends local files elsewhere ("Upload", or "Drop files" with a paths argument), or null. */
export function sendsLocalFiles(
  texts: readonly string[],
  inputSchema: unknown,
): { phrase: string; paths: string[] } | null {
  const paths = pathArguments(inputSchema);
  for (const text of texts) {
    const match = UPLOADS.exec(text) ?? (paths.length > 0 ? SENDS_FILES.exec(text) : null);
    if (match !== null) return { phrase: match[0], paths };
  }
  return null;
}

export const SENDS_LOCAL_FILES_DEFINITION: FindingDefinition<typeof SENDS_LOCAL_FILES_ID> = {
  id: SENDS_LOCAL_FILES_ID,
  severity: 'high',
  title: 'Reads local files to send elsewhere',
  meaning:
    'The tool says it uploads or attaches files, or it takes local file paths and says it drops, sends or posts files: it reads files from the machine it runs on and hands them to something else (a web page, a remote service). An agent steered by a poisoned text can pick the path (~/.ssh, .env). Heuristic: word patterns and argument names.',
  default: null,
  doesNotTell:
    'Which files it can reach (the server may confine paths to a workspace) or where they end up; a tool that sends files without saying so is not caught.',
  reference: 'MCP security best practices (data exfiltration); heuristic of this tool',
};
