/**
 * The likely effect of a tool read from its name (and, when the name says nothing, from the first
 * words of its description): get, list, search, read… reads; create, post, send, add… writes;
 * delete, update, merge, push, run… changes or destroys what exists. Used where the hints that set
 * the tool's class are absent (the spec defaults then call every tool a destructive write), or where
 * the name contradicts them (a read-only delete_repo). Always shown as inferred, beside the default
 * or the declared value, never as declared; the risk order uses it before the name (report/risk.ts).
 */
import { z } from 'zod';
import type { EffectiveAnnotations } from '../annotations';
import { nameWords } from './words';

function words(list: string): string[] {
  return list.split(' ');
}

export const INFERRED_EFFECTS = ['read', 'write', 'destructive-write'] as const;
export type InferredEffectKind = (typeof INFERRED_EFFECTS)[number];

export const inferredEffectSchema = z.object({
  effect: z.enum(INFERRED_EFFECTS),
  /** The word it was inferred from, as written. */
  word: z.string(),
  from: z.enum(['name', 'description']),
  /** hints-absent: the class rests on a spec default; contradicts-hints: the name says more than the hints. */
  why: z.enum(['hints-absent', 'contradicts-hints']),
});
export type InferredEffect = z.infer<typeof inferredEffectSchema>;

/** Verbs by effect, as stems (forms() adds -s, -ed, -ing). */
const VERBS: Record<InferredEffectKind, readonly string[]> = {
  read: words(
    'get list search read find fetch query show view describe lookup count check inspect browse retrieve return explain summarize preview analyze validate scrape crawl extract',
  ),
  write: words(
    'create add post send reply comment insert fork upload submit invite star react publish notify schedule save set append tag label assign share import copy approve enable toggle install register subscribe export',
  ),
  'destructive-write': words(
    'delete remove destroy purge wipe erase truncate merge push run exec execute eval evaluate update edit modify overwrite replace move rename reset revoke close cancel archive kill terminate transfer deploy write patch disable ban block revert rollback uninstall unpublish',
  ),
};

/** A verb's common forms: creates, created, creating. "running" is left out: "long-running" describes. */
function forms(stem: string): string[] {
  const base = stem.endsWith('e') ? stem.slice(0, -1) : stem;
  const all = [stem, `${stem}s`, `${stem}es`, `${stem}d`, `${stem}ed`, `${base}ing`, `${base}ed`];
  if (stem === 'run') return ['run', 'runs'];
  if (stem === 'get') return ['get', 'gets'];
  if (stem === 'set') return ['set', 'sets'];
  if (stem === 'send') return ['send', 'sends', 'sent'];
  if (stem === 'write') return ['write', 'writes', 'wrote', 'written'];
  return all;
}

const RANK: Record<InferredEffectKind, number> = { read: 0, write: 1, 'destructive-write': 2 };

const VERB_EFFECT = new Map<string, InferredEffectKind>();
for (const effect of INFERRED_EFFECTS) {
  for (const stem of VERBS[effect]) for (const form of forms(stem)) VERB_EFFECT.set(form, effect);
}

/** How many leading words of the name can hold its verb: slack_post_message, not toggle_subscriber_updates. */
const NAME_VERB_WORDS = 2;

/** How many words of the description's first sentence are read for a verb. */
const DESCRIPTION_WORDS = 8;

/**
 * The likely effect from the name's verb, its first or second word (slack_post_message: "post"; with "or"/"and" the
 * stronger of the pair: create_or_update_file is an update), else from the first verb among the
 * first words of the description; null when neither has one. Only the first verb of the name counts:
 * later words are usually nouns (get_pull_request_comments is a read).
 */
export function guessEffect(name: string, description: string | null): Omit<InferredEffect, 'why'> | null {
  // The risk order and the read check ask in turn about the same tool: the last answer is kept.
  if (name !== lastGuess.name || description !== lastGuess.description)
    lastGuess = { name, description, guess: freshGuess(name, description) };
  return lastGuess.guess;
}

let lastGuess: { name: string; description: string | null; guess: Omit<InferredEffect, 'why'> | null } = {
  name: '',
  description: null,
  guess: null,
};

function freshGuess(name: string, description: string | null): Omit<InferredEffect, 'why'> | null {
  const words = nameWords(name).split(' ');
  const first = words.slice(0, NAME_VERB_WORDS).findIndex((word) => VERB_EFFECT.has(word));
  if (first !== -1) {
    const word = words[first] ?? '';
    const next = words[first + 1] ?? '';
    // An HTTP method before a read verb is a read sent by POST: notion's API-post-search.
    if (word === 'post' && VERB_EFFECT.get(next) === 'read') return { effect: 'read', word: next, from: 'name' };
    const effect = VERB_EFFECT.get(word) ?? 'read';
    const paired = ['or', 'and'].includes(words[first + 1] ?? '') ? (words[first + 2] ?? '') : '';
    const other = VERB_EFFECT.get(paired);
    return other !== undefined && RANK[other] > RANK[effect]
      ? { effect: other, word: paired, from: 'name' }
      : { effect, word, from: 'name' };
  }
  if (description === null) return null;
  const firstSentence = description.trim().split(/[.!?\n]/, 1)[0] ?? '';
  for (const word of (firstSentence.toLowerCase().match(/[a-z]+/g) ?? []).slice(0, DESCRIPTION_WORDS)) {
    const effect = VERB_EFFECT.get(word);
    if (effect !== undefined) return { effect, word, from: 'description' };
  }
  return null;
}

/**
 * The inferred effect worth showing, or null: when the tool's class rests on a spec default (no
 * readOnlyHint; or a declared write without destructiveHint, where only a non-read guess applies),
 * or when its name says it does more than its hints declare (read-only, or additive, with a name
 * that deletes or updates). Guesses that agree with declared hints are not shown.
 */
export function inferEffect(
  name: string,
  description: string | null,
  effective: EffectiveAnnotations,
): InferredEffect | null {
  const guess = guessEffect(name, description);
  if (guess === null) return null;
  const { readOnlyHint, destructiveHint } = effective;
  if (readOnlyHint.source !== 'declared') return { ...guess, why: 'hints-absent' };
  if (readOnlyHint.value) {
    return guess.from === 'name' && guess.effect !== 'read' ? { ...guess, why: 'contradicts-hints' } : null;
  }
  if (destructiveHint.source !== 'declared') return guess.effect === 'read' ? null : { ...guess, why: 'hints-absent' };
  return !destructiveHint.value && guess.from === 'name' && guess.effect === 'destructive-write'
    ? { ...guess, why: 'contradicts-hints' }
    : null;
}

/**
 * Tiers of the risk order's effect key, as a reviewer reads writes (report/risk.ts): 5 sends outside (post,
 * send, reply, comment, push, merge, publish, upload, email…: the data or the act leaves for
 * others, the exfiltration path), 4 destroys or runs (delete, remove, kill, run, execute…), 3 changes
 * what exists (update, edit, move, set…), 2 creates (create, add, insert, fork), 1 marks (react,
 * star, tag, label, toggle, enable…), 0 reads. A verb missing here takes its effect's tier (write 2,
 * destructive write 4).
 */
const EFFECT_TIERS: Record<number, readonly string[]> = {
  5: words(
    'post send reply comment push merge publish upload email mail notify share export transfer deploy submit invite forward',
  ),
  4: words(
    'delete remove destroy purge wipe erase truncate overwrite kill terminate revoke ban block uninstall unpublish run exec execute eval evaluate reset revert rollback',
  ),
  3: words(
    'update edit modify replace move rename write patch set close cancel archive import copy save append install register schedule approve',
  ),
  2: words('create add insert fork'),
  1: words('react star tag label assign toggle enable disable subscribe'),
};
/** Each tier in words, as in "by its name it sends outside" (Read first, lib/core/report/read-first.ts). */
export const EFFECT_TIER_WORDS: readonly string[] = [
  'only reads',
  'only marks',
  'creates',
  'changes what exists',
  'destroys or runs',
  'sends outside',
];
const TIER_OF = new Map<string, number>();
for (const [tier, stems] of Object.entries(EFFECT_TIERS)) {
  for (const stem of stems) for (const form of forms(stem)) TIER_OF.set(form, Number(tier));
}
/** Words of a name that make its write a mark, whatever its verb: slack_add_reaction. */
const MARKS = new Set(['reaction', 'reactions', 'emoji', 'star', 'tag', 'tags', 'label', 'labels', 'bookmark', 'pin']);
/** What a posted message is: slack_post_message sends one out. */
const MESSAGES = new Set(['message', 'messages', 'comment', 'comments', 'reply', 'status', 'tweet', 'note', 'chat']);
const DEFAULT_TIER: Record<InferredEffectKind, number> = { read: 0, write: 2, 'destructive-write': 4 };

/** The effect tier (0 to 5) of an inferred effect; `name`: the tool's, for the words that make a write a mark. */
export function effectTier(inferred: Pick<InferredEffect, 'effect' | 'word' | 'from'>, name = ''): number {
  if (inferred.effect === 'read') return 0;
  const words = nameWords(name).split(' ');
  if (words.some((word) => MARKS.has(word))) return 1;
  const verb = inferred.word.toLowerCase();
  // A message, a comment or a reply goes out to others whatever the verb (add_issue_comment); "post"
  // without one is an HTTP method that creates (notion's API-post-page).
  if (inferred.from === 'name' && words.some((word) => MESSAGES.has(word))) return 5;
  if (verb === 'post' && inferred.from === 'name') return 2;
  return TIER_OF.get(verb) ?? DEFAULT_TIER[inferred.effect];
}

/** The effect tier of a declared level where nothing is inferred: read-only 0, additive 2 (creates), destructive 4. */
export function levelTier(level: 'read-only' | 'additive-write' | 'destructive-write'): number {
  return level === 'read-only' ? 0 : level === 'additive-write' ? 2 : 4;
}

const EFFECT_WORDS: Record<InferredEffectKind, string> = {
  read: 'a read',
  write: 'a write',
  'destructive-write': 'a change to what exists (destructive write)',
};

/** Short, for a cell: 'write ("post" in its name; hints absent)'. */
export function inferredCell(inferred: InferredEffect): string {
  const why = inferred.why === 'hints-absent' ? 'hints absent' : 'contradicts the hints';
  return `${inferred.effect} ("${inferred.word}" in its ${inferred.from}; ${why})`;
}

/** 'inferred from its name ("post"): a write; not declared, the hints are absent'. */
export function describeInferred(inferred: InferredEffect): string {
  const against = inferred.why === 'hints-absent' ? 'the hints are absent' : 'it contradicts the declared hints';
  return `inferred from its ${inferred.from} ("${inferred.word}"): ${EFFECT_WORDS[inferred.effect]}; not declared, ${against}`;
}

/** What the inference means and does not, for the glossary and tooltips. */
export const INFERRED_EFFECT_EXPLANATION = {
  title: 'Inferred effect',
  meaning:
    'Where a tool does not declare the hints that set its class (the spec defaults then make every tool a destructive write), or where its name says it does more than it declares, the likely effect is read from the verb in its name (get, list, search, read: a read; create, post, send, add: a write; delete, update, merge, push, run: a change to what exists), or from the first words of its description. It orders tools of the same level before their names.',
  doesNotTell:
    'What the tool does: it is a guess from words, never a declaration, and the spec defaults still apply to every count and flag. A name can lie or say nothing.',
  reference: 'MCP specification, Tools (ToolAnnotations defaults); heuristic of this tool',
} as const;
