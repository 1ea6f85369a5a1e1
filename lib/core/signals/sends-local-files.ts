/**
 * Signal: the tool reads local files to send them elsewhere (an upload). Its name or the first
 * sentence of its description says it uploads or attaches files, or it takes local paths and says
 * anywhere that it uploads, drops, sends, posts or submits files. A tool that reads a file and
 * returns it to the agent (read_file) is not this signal: nothing is said to leave; nor is a tool
 * that downloads what others uploaded ("attachments uploaded with an error report"), nor an example
 * query that says "upload". MCP security best practices (data exfiltration).
 */
import { raised, type FlagDefinition } from '../finding';
import { listed, type SignalRule } from './signal-rule';
import { isRecord } from '../is-record';
import { affirmedPhrase, firstSentence } from './words';

export const SENDS_LOCAL_FILES_ID = 'sends-local-files';

const UPLOADS = /\bupload(?:s|ing)?\b|\battach(?:es|ing)?\b[^.\n]{0,20}?\bfiles?\b/i;
const SENDS_FILES = /\b(?:drop|drops|send|sends|post|posts|submit|submits)\b[^.\n]{0,20}?\bfiles?\b/i;
const PATH_ARGUMENT = /^(?:paths?|file_?paths?|files?_?paths?|local_?paths?|source_?paths?)$/i;

/** Top-level arguments that take local file paths. */
function pathArguments(inputSchema: unknown): string[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  return Object.keys(inputSchema.properties).filter((key) => PATH_ARGUMENT.test(key));
}

/**
 * What says the tool sends local files elsewhere ("Upload" in its name or first sentence, or "Drop
 * files" or "upload" anywhere with a paths argument), or null. `texts`: name words first, then the prose.
 */
export function sendsLocalFiles(
  texts: readonly string[],
  inputSchema: unknown,
): { phrase: string; paths: string[] } | null {
  const paths = pathArguments(inputSchema);
  const [name = '', ...prose] = texts;
  const phrase =
    affirmedPhrase([name, ...prose.map(firstSentence)], [UPLOADS]) ??
    (paths.length > 0 ? affirmedPhrase(texts, [UPLOADS, SENDS_FILES]) : null);
  return phrase === null ? null : { phrase, paths };
}

export const SENDS_LOCAL_FILES_DEFINITION: FlagDefinition<typeof SENDS_LOCAL_FILES_ID> = {
  id: SENDS_LOCAL_FILES_ID,
  severity: 'high',
  title: 'Reads local files to send elsewhere',
  meaning:
    'The name or the first sentence of the description says the tool uploads or attaches files, or it takes local file paths and says it uploads, drops, sends or posts files: it reads files from the machine it runs on and hands them to something else (a web page, a remote service). An agent steered by a poisoned text can pick the path (~/.ssh, .env). Heuristic: word patterns and argument names.',
  default: null,
  doesNotTell:
    'Which files it can reach (the server may confine paths to a workspace) or where they end up; a tool that sends files without saying so is not caught.',
  reference: 'MCP security best practices (data exfiltration); heuristic of this tool',
};

export const sendsLocalFilesRule: SignalRule<typeof SENDS_LOCAL_FILES_ID> = {
  definition: SENDS_LOCAL_FILES_DEFINITION,
  check({ words, prose, inputSchema }) {
    const sends = sendsLocalFiles([words, ...prose], inputSchema);
    if (sends === null) return null;
    const through =
      sends.paths.length > 0 ? ` (${sends.paths.length === 1 ? 'argument' : 'arguments'} ${listed(sends.paths)})` : '';
    return raised(
      SENDS_LOCAL_FILES_DEFINITION,
      `Says "${sends.phrase}"${through}: it may read local files and send them elsewhere.`,
    );
  },
};
