/**
 * Text that names a tool the listing does not hold: the instructions, a tool's or a prompt's
 * description point the model at a tool it was not shown. Either the server lists it only to some
 * clients (capability-gated, or added later through list_changed), or the text steers the model
 * toward a tool of another server (tool shadowing). A name counts when it is written as code
 * (`get-roots-list`, two or more parts joined by - or _), or as a snake_case word the prose calls or
 * uses ("call add_note", "the add_note tool"); all-capital names (environment variables), dotted
 * names (files) and the names of arguments, prompts and resources of this server are left out.
 */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { everyMatch } from '../signals/words';

export const UNLISTED_TOOL_ID = 'unlisted-tool';

export const UNLISTED_TOOL_DEFINITION: FlagDefinition<typeof UNLISTED_TOOL_ID> = {
  id: UNLISTED_TOOL_ID,
  severity: 'medium',
  title: 'Names a tool that is not listed',
  meaning:
    'The instructions, a description or a prompt name a tool that is not in this listing. The server may list it only to clients that declare a capability (try --capabilities host, or --compare-capabilities), add it later (list_changed), or the text may steer the model toward a tool of another server.',
  default: null,
  doesNotTell:
    'Whether the name is a tool at all: it is read from the text (code spans and snake_case words), and a name of something else can look the same.',
  reference: 'MCP specification, Lifecycle (capability negotiation) and Tools (list_changed); tool shadowing',
};

/** One text to read, and what it belongs to ("instructions", "tool get_x", "prompt y"). */
export interface NamedText {
  subject: string;
  text: string;
}

const CODE_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+$/;
const SNAKE = '([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\\w\\-/]|\\.\\w)';
const CALLED = new RegExp(
  `\\b(?:call|calls|calling|use|uses|using|invoke|invokes|run|runs|execute)\\s+(?:the\\s+)?${SNAKE}`,
  'gi',
);
const NAMED_TOOL = new RegExp(`(?<![\\w.\\-/])${SNAKE}\\s+tool\\b`, 'gi');

const CODE_SPAN = /`([^`\n]{1,128})`/g;

/** Tool-like names a text writes: code spans of joined words, and snake_case words the prose calls or uses. */
export function toolLikeNames(text: string): string[] {
  const found = new Set<string>();
  const spans = text.includes('`');
  if (spans) {
    for (const match of everyMatch(CODE_SPAN, text)) {
      const name = (match[1] ?? '').trim();
      if (CODE_NAME.test(name) && name !== name.toUpperCase()) found.add(name);
    }
  }
  const prose = spans ? text.replace(/`[^`\n]*`/g, ' ') : text;
  for (const pattern of [CALLED, NAMED_TOOL]) {
    for (const match of everyMatch(pattern, prose)) {
      const name = match[1] ?? '';
      if (name !== name.toUpperCase()) found.add(name);
    }
  }
  return [...found];
}

/** One finding per text that names tools the listing does not hold. */
export function unlistedToolFindings(
  texts: readonly NamedText[],
  toolNames: ReadonlySet<string>,
  otherNames: ReadonlySet<string>,
): (Finding<typeof UNLISTED_TOOL_ID> & { subject: string; names: string[] })[] {
  const findings: (Finding<typeof UNLISTED_TOOL_ID> & { subject: string; names: string[] })[] = [];
  for (const { subject, text } of texts) {
    const names = toolLikeNames(text).filter((name) => !toolNames.has(name) && !otherNames.has(name));
    if (names.length === 0) continue;
    const shown = names.slice(0, 6).join(', ') + (names.length > 6 ? ', …' : '');
    findings.push({
      ...raised(UNLISTED_TOOL_DEFINITION, `Not in the listing, but named in the ${subject}: ${shown}.`),
      subject,
      names,
    });
  }
  return findings;
}
