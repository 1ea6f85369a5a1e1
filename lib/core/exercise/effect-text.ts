/**
 * One effect in words: "created ./x", "tried: connected to 192.0.2.1:80 (ENETUNREACH)", with "after
 * the call" for a late one and why it is set aside when it is not the tool's (the process that made
 * it, when the server started one: lineage.ts). A failed system call is shown as intent ("tried:
 * ..."), never as the act.
 */
import type { Effect, EffectKind } from './schema';

const VERBS: Record<EffectKind, string> = {
  create: 'created',
  overwrite: 'overwrote',
  write: 'opened for writing',
  append: 'appended to',
  delete: 'deleted',
  rename: 'renamed',
  chmod: 'changed the permissions of',
  mkdir: 'made the folder',
  exec: 'ran',
  connect: 'connected to',
  dns: 'looked up a name through',
  'canary-read': 'read the canary',
  link: 'made a second name (hard link) for',
  changed: 'changed (no traced system call explains it)',
  refused: 'called (refused by the sandbox)',
};

const ASIDE: Record<NonNullable<Effect['aside']>, string> = {
  background: 'background: not the tool (also seen with no call open)',
  'every-call': 'seen on every call: the server, not the tool',
  process: 'made by a process the server started: not the tool',
};

const STARTED: Record<NonNullable<Effect['madeBy']>['startedIn'], string> = {
  start: 'which the server started before the first call: not the tool',
  idle: 'which the server started while no call was open: not the tool',
  'this-call': 'which this call started, while a later call was open: not judged',
};

/** Why an effect is set aside, in words; the process that made it when lineage knows it. */
function asideText(effect: Effect): string {
  if (effect.aside === 'process' && effect.madeBy !== undefined)
    return `made by ${effect.madeBy.program}, ${STARTED[effect.madeBy.startedIn]}`;
  return effect.aside === undefined ? '' : ASIDE[effect.aside];
}

/** "created ./x", "tried: connected to 192.0.2.1:80 (ENETUNREACH)", "... after the call". */
export function describeEffect(effect: Effect): string {
  const sent = effect.sent === undefined ? '' : ` and sent ${effect.sent}`;
  // A DNS query's target is the name asked for (dns-query.ts), an address has a port or `unix:`.
  const verb = effect.kind === 'dns' && !effect.target.includes(':') ? 'looked up' : VERBS[effect.kind];
  const what = `${verb} ${effect.target}${effect.to === null ? '' : ` to ${effect.to}`}${sent}`;
  // A connection the listener received a request on was made, whatever connect() returned (EINPROGRESS).
  const tried = effect.ok || effect.sent !== undefined ? what : `tried: ${what} (${effect.error ?? 'failed'})`;
  const timed =
    effect.lateMs !== undefined
      ? `${tried}, ${effect.lateMs} ms after answering`
      : effect.phase === 'after'
        ? `${tried}, after the call`
        : tried;
  return effect.aside === undefined ? timed : `${timed} [${asideText(effect)}]`;
}
