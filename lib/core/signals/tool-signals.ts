/**
 * The signals of one tool read from its own words (name as words, title, description), its
 * top-level arguments and its output schema, as findings with a message that quotes what matched.
 * A rule may raise a milder case with a lower severity (the signal's strength, definitions.ts).
 * Heuristics: a match is a reason to read the tool, never proof, and no match proves nothing.
 */
import type { Finding } from '../finding';
import type { Severity } from '../severity';
import { SIGNAL_FINDING_DEFINITIONS, type SignalFindingId } from './definitions';
import { deletesDataWord } from './deletes-data';
import { executesCode } from './executes-code';
import { exposesSecrets } from './exposes-secrets';
import { sendsLocalFiles } from './sends-local-files';
import { unrestrictedUrlArguments } from './unrestricted-url';
import { untrustedContent } from './untrusted-content';
import { nameWords } from './words';

const list = (items: readonly string[]): string => `${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}`;

export interface SignalContext {
  /** The tool's outputSchema, as sent (its field names say what it returns). */
  outputSchema?: unknown;
  /** Whether the tool is a read: declared read-only, or named with a read verb (default: no). */
  isRead?: boolean;
}

/** The signal findings of one tool: `prose` is every text but the name. */
export function toolSignalFindings(
  name: string,
  prose: readonly string[],
  inputSchema: unknown,
  context: SignalContext = {},
): Finding<SignalFindingId>[] {
  const findings: Finding<SignalFindingId>[] = [];
  const raise = (id: SignalFindingId, message: string, severity?: Severity): void => {
    findings.push({ id, severity: severity ?? SIGNAL_FINDING_DEFINITIONS[id].severity, message });
  };
  const words = nameWords(name);
  const runs = executesCode(words, prose);
  if (runs !== null) {
    const what = runs.severity === 'high' ? 'it may run any code or command' : 'it may run code or queries';
    raise('executes-code', `Says "${runs.phrase}": ${what}.`, runs.severity);
  }
  const sends = sendsLocalFiles([words, ...prose], inputSchema);
  if (sends !== null) {
    const through =
      sends.paths.length > 0 ? ` (${sends.paths.length === 1 ? 'argument' : 'arguments'} ${list(sends.paths)})` : '';
    raise('sends-local-files', `Says "${sends.phrase}"${through}: it may read local files and send them elsewhere.`);
  }
  const secrets = exposesSecrets(words, prose);
  if (secrets !== null) {
    const what =
      secrets.severity === 'high' ? 'it may return environment variables or credentials' : 'it handles secrets';
    raise('exposes-secrets', `Says "${secrets.phrase}": ${what}.`, secrets.severity);
  }
  const urls = unrestrictedUrlArguments(inputSchema);
  if (urls.length > 0) {
    raise(
      'unrestricted-url',
      `${urls.length === 1 ? 'Argument' : 'Arguments'} ${list(urls)} ${urls.length === 1 ? 'takes' : 'take'} any URL (no enum, const or pattern).`,
    );
  }
  const deletes = deletesDataWord([words, ...prose]);
  if (deletes !== null) {
    raise('deletes-data', `Says "${deletes}": it may delete or overwrite.`);
  }
  const untrusted = untrustedContent(name, prose, context.outputSchema, context.isRead ?? false);
  if (untrusted !== null) {
    raise('untrusted-content', `Says "${untrusted}": it returns text others write, which reaches the model.`);
  }
  return findings;
}
