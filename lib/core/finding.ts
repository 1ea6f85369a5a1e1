/**
 * The one model of a finding, whatever it is about (a tool, a prompt, the server, its OAuth, a
 * client configuration, a set of servers): a definition in a catalogue (id, title, severity and
 * the explanation: what it means, what it does not tell you, the reference) and, when raised, the
 * id with its severity and a message about this case.
 */
import type { Severity } from './severity';

export interface FindingDefinition<Id extends string = string> {
  id: Id;
  /** The severity the finding is raised with (a rule may lower it for a milder case, never raise it). */
  severity: Severity;
  title: string;
  /** What the finding means, in the spec's terms. */
  meaning: string;
  /** What the finding does not tell you. */
  doesNotTell: string;
  reference: string;
}

/** A finding about a tool or another listed item (a flag) also says which spec default applies. */
export interface FlagDefinition<Id extends string = string> extends FindingDefinition<Id> {
  /** The default that applies, where one does. */
  default: string | null;
}

/** One finding raised on one subject. */
export interface Finding<Id extends string = string> {
  id: Id;
  severity: Severity;
  message: string;
}

/** A finding raised from its definition: the definition's severity unless the rule gives a lower one. */
export function raised<Id extends string>(
  definition: Pick<FindingDefinition<Id>, 'id' | 'severity'>,
  message: string,
  severity: Severity = definition.severity,
): Finding<Id> {
  return { id: definition.id, severity, message };
}

/** The id of each definition of a list, in order (a tuple of literal ids). */
export type IdsOf<Definitions extends readonly { id: string }[]> = {
  readonly [K in keyof Definitions]: Definitions[K] extends { id: infer Id } ? Id : never;
};

/** The definitions of a list by id, each with its own literal id. */
export type ById<Definitions extends readonly { id: string }[]> = {
  readonly [Definition in Definitions[number] as Definition['id']]: Definition;
};

/**
 * A catalogue written once, as the list of its definitions (a rule file exports its definition; the
 * catalogue lists it on one line): its ids in the list's order and its definitions by id.
 */
export function catalogue<const Definitions extends readonly FindingDefinition[]>(
  definitions: Definitions,
): { ids: IdsOf<Definitions>; byId: ById<Definitions> } {
  return {
    ids: definitions.map((definition) => definition.id) as unknown as IdsOf<Definitions>,
    byId: Object.fromEntries(definitions.map((definition) => [definition.id, definition])) as ById<Definitions>,
  };
}

/** The definition each rule of a list carries, in the list's order (a tuple of literal definitions). */
export type DefinitionsOf<Rules> = {
  readonly [K in keyof Rules]: Rules[K] extends { definition: infer D extends FindingDefinition } ? D : never;
};

/**
 * A catalogue written once as its list of rules, each a file carrying its definition and its check
 * (the registry of a family): its ids in the list's order and its definitions by id.
 */
export function ruleCatalogue<const Rules extends readonly { definition: FindingDefinition }[]>(
  rules: Rules,
): ReturnType<typeof catalogue<DefinitionsOf<Rules> & readonly FindingDefinition[]>> {
  return catalogue(
    rules.map((rule) => rule.definition) as unknown as DefinitionsOf<Rules> & readonly FindingDefinition[],
  );
}
