/**
 * The signals of one tool read from its own words (name as words, title, description) and its
 * top-level arguments, as findings with a message that quotes what matched. Heuristics: a match is
 * a reason to read the tool, never proof, and no match proves nothing.
 */
import type { Finding } from '../finding';
import { SIGNAL_FINDING_DEFINITIONS, type SignalFindingId } from './definitions';
import { deletesDataWord } from './deletes-data';
import { executesCodePhrase } from './executes-code';
import { exposesSecretsPhrase } from './exposes-secrets';
import { sendsLocalFiles } from './sends-local-files';
import { unrestrictedUrlArguments } from './unrestricted-url';
import { nameWords } from './words';

const list = (items: readonly string[]): string => `${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}`;

/** The signal findings of one tool: `prose` is every text but the name. */
export function toolSignalFindings(
  name: string,
  prose: readonly string[],
  inputSchema: unknown,
): Finding<SignalFindingId>[] {
  const findings: Finding<SignalFindingId>[] = [];
  const raise = (id: SignalFindingId, message: string): void => {
    findings.push({ id, severity: SIGNAL_FINDING_DEFINITIONS[id].severity, message });
  };
  const words = [nameWords(name), ...prose];
  const runs = executesCodePhrase(words);
  if (runs !== null) {
    raise('executes-code', `Says "${runs}": it may run code or commands.`);
  }
  const sends = sendsLocalFiles(words, inputSchema);
  if (sends !== null) {
    const through =
      sends.paths.length > 0 ? ` (${sends.paths.length === 1 ? 'argument' : 'arguments'} ${list(sends.paths)})` : '';
    raise('sends-local-files', `Says "${sends.phrase}"${through}: it may read local files and send them elsewhere.`);
  }
  const secrets = exposesSecretsPhrase(words);
  if (secrets !== null) {
    raise('exposes-secrets', `Says "${secrets}": it may expose environment variables or credentials.`);
  }
  const urls = unrestrictedUrlArguments(inputSchema);
  if (urls.length > 0) {
    raise(
      'unrestricted-url',
      `${urls.length === 1 ? 'Argument' : 'Arguments'} ${list(urls)} ${urls.length === 1 ? 'takes' : 'take'} any URL (no enum, const or pattern).`,
    );
  }
  const deletes = deletesDataWord(words);
  if (deletes !== null) {
    raise('deletes-data', `Says "${deletes}": it may delete or overwrite.`);
  }
  return findings;
}
