/**
 * The "private data" leg of the exfiltration triangle: a tool that reads data of the user's own
 * (files, mail and messages, databases, documents and notes, secrets and the environment), chosen
 * by WHAT it reads, never by its hints alone. A read-only, closed-world tool that adds two numbers
 * or returns a fixed image is no private-data reader; a read whose name or description names such
 * data is. Each reader carries the words that made it one, so the page can say why.
 */
import type { ToolReport } from '../report/tool-report';
import { guessEffect } from '../signals/inferred-effect';
import { exposesSecretsPhrase } from '../signals/exposes-secrets';
import { nameWords } from '../signals/words';

/** Kinds of private data, each with the words that name it (plural forms where the singular is generic). */
const PRIVATE_KINDS: readonly [kind: string, words: RegExp][] = [
  ['files', /\b(?:files?|director(?:y|ies)|folders?|file ?system)\b/i],
  [
    'mail and messages',
    /\b(?:e-?mails?|mail(?:box(?:es)?)?|inbox(?:es)?|(?<!(?:console|log|error|status|commit) )messages|chats?|conversations?|dms)\b/i,
  ],
  ['databases', /\b(?:databases?|db|sql|records|rows|tables)\b/i],
  [
    'documents and notes',
    /\b(?:documents?|notes|notebooks?|drive|spreadsheets?|knowledge graph|memor(?:y|ies)|calendars?|contacts)\b/i,
  ],
  ['personal or business data', /\b(?:private|personal|customers?|invoices?|payments?|medical|cookies)\b/i],
];

export interface PrivateDataRead {
  /** The kind of private data, as a reader would say it ("files", "environment variables or credentials"). */
  kind: string;
  /** The words in the tool's name or description that name it, as written. */
  words: string;
}

export const PRIVATE_DATA_EXPLANATION = {
  meaning:
    'A private-data reader is a tool that reads data of your own: files and folders, mail and messages, databases, documents and notes, environment variables and credentials. It is chosen by what its name or description says it reads, and it must be a read (declared read-only, or named with a read verb such as get, list, read, search). A read-only tool that computes or returns fixed content (adding numbers, a logo image) is not one.',
  doesNotTell:
    'What the tool can really reach (a file server may be confined to one folder), or private reads a tool does not describe: the words are a heuristic, and a tool that reads private data without saying so is missed.',
  reference: 'Simon Willison, "The lethal trifecta" (2025): access to private data; heuristic of this tool',
} as const;

/** Words that deny what follows in the same clause ("this server doesn't access files"). */
const NEGATION = /\b(?:not|never|no|without|nor)\b|n't\b/i;
/** How far back (characters) a negation reaches within the sentence. */
const NEGATION_REACH = 30;

/** The first match of `words` in `text` that no nearby negation denies. */
function affirmed(text: string, words: RegExp): string | null {
  const all = new RegExp(words.source, 'gi');
  for (const match of text.matchAll(all)) {
    const before =
      text
        .slice(Math.max(0, match.index - NEGATION_REACH), match.index)
        .split(/[.;!?]/)
        .at(-1) ?? '';
    if (!NEGATION.test(before)) return match[0];
  }
  return null;
}

/** The tool is a read: declared read-only, or its name's or description's verb reads. */
function isRead(tool: ToolReport): boolean {
  if (tool.readOnly) return true;
  return guessEffect(tool.name, tool.description)?.effect === 'read';
}

/** What private data the tool reads, or null when it reads none (or is no read). */
export function privateDataRead(tool: ToolReport): PrivateDataRead | null {
  if (!isRead(tool)) return null;
  const texts = [nameWords(tool.name), tool.title ?? '', tool.description ?? ''];
  const secret = exposesSecretsPhrase(texts);
  if (secret !== null) return { kind: 'environment variables or credentials', words: secret };
  for (const text of texts) {
    for (const [kind, words] of PRIVATE_KINDS) {
      const match = affirmed(text, words);
      if (match !== null) return { kind, words: match };
    }
  }
  return null;
}

/** The tool reads private data (see privateDataRead). */
export function readsPrivateData(tool: ToolReport): boolean {
  return privateDataRead(tool) !== null;
}
