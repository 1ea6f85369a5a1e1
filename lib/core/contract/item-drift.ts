/**
 * Drift of the lists beside the tools: prompts (by name), resources (by URI) and resource templates
 * (by URI template), compared by the SHA-256 of each item's canonical JSON and explained in words.
 * Their kinds and what `widening` means for them are in changes.ts. Spec: MCP Server features:
 * Prompts, Resources.
 */
import type { Change, Direction, ItemType } from './changes';
import type { Contract, ContractPrompt, ContractResource, ContractTemplate } from './schema';
import { findingsSentence, textChange, type TextChange } from './text-change';

const q = (text: string): string => JSON.stringify(text);
const capital = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

type Section<Item> = { declared: boolean; items: readonly Item[] } | null;

const LIST_WORDS: Record<ItemType, { one: string; many: string }> = {
  prompt: { one: 'prompt', many: 'prompts' },
  resource: { one: 'resource', many: 'resources' },
  resourceTemplate: { one: 'resource template', many: 'resource templates' },
};

/** Pairs the items of two sections by identity: added, removed, and present in both. */
function pair<Item>(
  before: readonly Item[],
  after: readonly Item[],
  id: (item: Item) => string,
): { added: Item[]; removed: Item[]; both: [Item, Item][] } {
  const beforeById = new Map(before.map((item) => [id(item), item]));
  const afterIds = new Set(after.map(id));
  const both: [Item, Item][] = [];
  const added: Item[] = [];
  for (const item of after) {
    const old = beforeById.get(id(item));
    if (old === undefined) added.push(item);
    else both.push([old, item]);
  }
  return { added, removed: before.filter((item) => !afterIds.has(id(item))), both };
}

function descriptionChange(
  kind: 'prompt-description-changed' | 'resource-description-changed',
  type: ItemType,
  id: string,
  text: TextChange,
): Change {
  return {
    kind,
    direction: 'review',
    tool: null,
    item: { type, id },
    message: `The description of ${LIST_WORDS[type].one} ${q(id)} changed: clients may pass it to the model, so read the words added and removed.${findingsSentence([text])}`,
    before: text.before,
    after: text.after,
    texts: [text],
  };
}

/** What changed in a prompt's arguments: names added or removed, required flags, descriptions (text). */
function promptArgumentChange(before: ContractPrompt, after: ContractPrompt, toolNames: readonly string[]): Change {
  const was = new Map(before.arguments.map((arg) => [arg.name, arg]));
  const now = new Set(after.arguments.map((arg) => arg.name));
  const parts: string[] = [];
  const texts: TextChange[] = [];
  for (const arg of after.arguments) {
    const old = was.get(arg.name);
    if (old === undefined) parts.push(`added ${q(arg.name)} (${arg.required ? 'required' : 'optional'})`);
    else if (old.required !== arg.required)
      parts.push(`${q(arg.name)} is now ${arg.required ? 'required' : 'optional'}`);
    // Contracts written before argument descriptions were recorded have none to compare.
    if (old !== undefined && (old.description === undefined || arg.description === undefined)) continue;
    const text = textChange(
      `description of argument ${q(arg.name)}`,
      old?.description ?? null,
      arg.description ?? null,
      toolNames,
    );
    if (text === null) continue;
    if (old !== undefined) parts.push(`the description of ${q(arg.name)} changed`);
    texts.push(text);
  }
  for (const arg of before.arguments) if (!now.has(arg.name)) parts.push(`removed ${q(arg.name)}`);
  return {
    kind: 'prompt-arguments-changed',
    direction: texts.length > 0 ? 'review' : 'neutral',
    tool: null,
    item: { type: 'prompt', id: after.name },
    message: `The arguments of prompt ${q(after.name)} changed: ${parts.length > 0 ? parts.join('; ') : 'the same names and required flags; other fields of the arguments changed'}.${findingsSentence(texts)}`,
    before: before.arguments,
    after: after.arguments,
    ...(texts.length === 0 ? {} : { texts }),
  };
}

function titleChange(type: ItemType, id: string, text: TextChange): Change {
  return {
    kind: type === 'prompt' ? 'prompt-changed' : 'resource-changed',
    direction: 'review',
    tool: null,
    item: { type, id },
    message: `The title of ${LIST_WORDS[type].one} ${q(id)} changed from ${q(text.before ?? '(none)')} to ${q(text.after ?? '(none)')}.${findingsSentence([text])}`,
    before: text.before,
    after: text.after,
    texts: [text],
  };
}

function promptChanges(before: ContractPrompt, after: ContractPrompt, toolNames: readonly string[]): Change[] {
  if (before.hashes.prompt === after.hashes.prompt) return [];
  const item = { type: 'prompt' as const, id: after.name };
  const changes: Change[] = [];
  const description = textChange('description', before.description, after.description, toolNames);
  if (description !== null)
    changes.push(descriptionChange('prompt-description-changed', 'prompt', after.name, description));
  if (before.hashes.arguments !== after.hashes.arguments) changes.push(promptArgumentChange(before, after, toolNames));
  const title = textChange('title', before.title, after.title, toolNames);
  if (title !== null) changes.push(titleChange('prompt', after.name, title));
  if (changes.length === 0) {
    changes.push({
      kind: 'prompt-changed',
      direction: 'neutral',
      tool: null,
      item,
      message: `Prompt ${q(after.name)} changed outside its title, description and arguments (icons, _meta or other fields).`,
    });
  }
  return changes;
}

type Resourceish = ContractResource | ContractTemplate;

const resourceHash = (item: Resourceish): string =>
  'resource' in item.hashes ? item.hashes.resource : item.hashes.resourceTemplate;

const ACTIVE_WORDS = { 'mcp-app': 'an MCP App UI resource', html: 'HTML' } as const;

function resourceChanges(
  type: ItemType,
  id: string,
  before: Resourceish,
  after: Resourceish,
  toolNames: readonly string[],
): Change[] {
  if (resourceHash(before) === resourceHash(after)) return [];
  const item = { type, id };
  const words = LIST_WORDS[type].one;
  const changes: Change[] = [];
  const description = textChange('description', before.description, after.description, toolNames);
  if (description !== null) changes.push(descriptionChange('resource-description-changed', type, id, description));
  const title = textChange('title', before.title, after.title, toolNames);
  if (title !== null) changes.push(titleChange(type, id, title));
  if (before.mimeType !== after.mimeType) {
    const direction: Direction =
      after.activeContent !== null && before.activeContent === null
        ? 'widening'
        : after.activeContent === null && before.activeContent !== null
          ? 'narrowing'
          : 'neutral';
    const consequence =
      direction === 'widening'
        ? `: it is now ${ACTIVE_WORDS[after.activeContent ?? 'html']}, content a host may render and run`
        : direction === 'narrowing'
          ? ': it is no longer active content'
          : '';
    changes.push({
      kind: 'resource-mime-type-changed',
      direction,
      tool: null,
      item,
      message: `The MIME type of ${words} ${q(id)} changed from ${q(before.mimeType ?? '(none)')} to ${q(after.mimeType ?? '(none)')}${consequence}.`,
      before: before.mimeType,
      after: after.mimeType,
    });
  }
  if (changes.length === 0) {
    changes.push({
      kind: 'resource-changed',
      direction: 'neutral',
      tool: null,
      item,
      message:
        before.name !== after.name
          ? `${capital(words)} ${q(id)} changed its name (${q(before.name)} to ${q(after.name)}).`
          : `${capital(words)} ${q(id)} changed outside its title, description and MIME type (size, annotations, icons, _meta or other fields).`,
    });
  }
  return changes;
}

function setChanges<Item>(
  type: ItemType,
  before: readonly Item[],
  after: readonly Item[],
  id: (item: Item) => string,
  describe: (item: Item) => { text: string; widening: boolean },
  changed: (before: Item, after: Item) => Change[],
): Change[] {
  const { added, removed, both } = pair(before, after, id);
  const prompt = type === 'prompt';
  const words = LIST_WORDS[type].one;
  return [
    ...added.map((item): Change => {
      const { text, widening } = describe(item);
      return {
        kind: prompt ? 'prompt-added' : 'resource-added',
        direction: widening ? 'widening' : 'neutral',
        tool: null,
        item: { type, id: id(item) },
        message: `New ${words} ${q(id(item))}${text}.`,
      };
    }),
    ...removed.map((item): Change => ({
      kind: prompt ? 'prompt-removed' : 'resource-removed',
      direction: 'narrowing',
      tool: null,
      item: { type, id: id(item) },
      message: `${capital(words)} ${q(id(item))} is no longer listed.`,
    })),
    ...both.flatMap(([old, now]) => changed(old, now)),
  ];
}

const resourceWords = (item: Resourceish): { text: string; widening: boolean } =>
  item.activeContent === null
    ? { text: item.mimeType === null ? '' : ` (MIME type ${q(item.mimeType)})`, widening: false }
    : {
        text: `: ${ACTIVE_WORDS[item.activeContent]}, content a host may render and run, that nobody approved`,
        widening: true,
      };

/**
 * The changes to prompts, resources and templates, and a note for each list that could not be
 * compared (not recorded in the baseline or in the live surface).
 */
export function itemChanges(before: Contract, live: Contract): { changes: Change[]; notes: string[] } {
  const notes: string[] = [];
  const changes: Change[] = [];
  const toolNames = live.toolNames;
  const compare = <Item>(
    type: ItemType,
    was: Section<Item>,
    now: Section<Item>,
    run: (was: readonly Item[], now: readonly Item[]) => Change[],
  ): void => {
    if (was !== null && now !== null) changes.push(...run(was.items, now.items));
    else if (was !== null || now !== null) {
      notes.push(
        `${capital(LIST_WORDS[type].many)} were not compared: ${was === null ? 'the baseline did not record them whole' : 'the live list could not be read whole'}.`,
      );
    }
  };
  compare('prompt', before.prompts, live.prompts, (was, now) =>
    setChanges(
      'prompt',
      was,
      now,
      (prompt) => prompt.name,
      (prompt) => ({
        text:
          prompt.arguments.length === 0 ? '' : ` (arguments ${prompt.arguments.map((arg) => q(arg.name)).join(', ')})`,
        widening: false,
      }),
      (old, prompt) => promptChanges(old, prompt, toolNames),
    ),
  );
  compare('resource', before.resources, live.resources, (was, now) =>
    setChanges(
      'resource',
      was,
      now,
      (resource) => resource.uri,
      resourceWords,
      (old, item) => resourceChanges('resource', item.uri, old, item, toolNames),
    ),
  );
  compare('resourceTemplate', before.resourceTemplates, live.resourceTemplates, (was, now) =>
    setChanges(
      'resourceTemplate',
      was,
      now,
      (template) => template.uriTemplate,
      resourceWords,
      (old, item) => resourceChanges('resourceTemplate', item.uriTemplate, old, item, toolNames),
    ),
  );
  return { changes, notes };
}

/** The prompts, resources and templates a contract pins, by type and identity. */
export function pinnedItems(sections: Contract): { type: ItemType; id: string }[] {
  return [
    ...(sections.prompts?.items ?? []).map((item) => ({ type: 'prompt' as const, id: item.name })),
    ...(sections.resources?.items ?? []).map((item) => ({ type: 'resource' as const, id: item.uri })),
    ...(sections.resourceTemplates?.items ?? []).map((item) => ({
      type: 'resourceTemplate' as const,
      id: item.uriTemplate,
    })),
  ];
}
