/**
 * The texts of a listing a model reads, each with what it belongs to, and the names the listing
 * holds (tools, and the other names it uses: arguments, prompts, resources): what the unlisted-tool
 * rule reads.
 */
import type { RawListPage } from './raw-list';
import type { NamedText } from './unlisted-tool';
import { isRecord } from '../is-record';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function argumentTexts(raw: Record<string, unknown>, names: Set<string>): string[] {
  const texts: string[] = [];
  const schema = raw.inputSchema;
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    names.add(name);
    if (isRecord(property)) texts.push(str(property.description));
  }
  if (Array.isArray(raw.arguments)) {
    for (const arg of raw.arguments) {
      if (!isRecord(arg)) continue;
      names.add(str(arg.name));
      texts.push(str(arg.description));
    }
  }
  return texts;
}

export function surfaceTexts(
  tools: { pages: readonly RawListPage[] },
  prompts: readonly { raw: Record<string, unknown> }[],
  resources: readonly { raw: Record<string, unknown> }[],
  instructions: string | null,
): { texts: NamedText[]; toolNames: Set<string>; otherNames: Set<string> } {
  const toolNames = new Set<string>();
  const otherNames = new Set<string>();
  const texts: NamedText[] = instructions === null ? [] : [{ subject: 'instructions', text: instructions }];
  const read = (raw: Record<string, unknown>, kind: string): void => {
    const own = [str(raw.title), str(raw.description), ...argumentTexts(raw, otherNames)];
    texts.push({ subject: `${kind} ${str(raw.name)}`, text: own.filter((text) => text !== '').join('\n') });
  };
  for (const page of tools.pages) {
    for (const item of page.items) {
      if (!isRecord(item)) continue;
      toolNames.add(str(item.name));
      read(item, 'tool');
    }
  }
  for (const { raw } of prompts) {
    otherNames.add(str(raw.name));
    read(raw, 'prompt');
  }
  for (const { raw } of resources) otherNames.add(str(raw.name));
  return { texts: texts.filter(({ text }) => text !== ''), toolNames, otherNames };
}
