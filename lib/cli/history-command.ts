/**
 * `history list|show|diff|prune|delete`: the audits saved in the history file, one of them, the
 * changes between two (classified as verify classifies them), and housekeeping. Exit codes follow
 * lib/cli/exit-codes.ts.
 */
import { buildContract } from '../core/contract/build';
import { failsGate, type FailOn } from '../core/contract/changes';
import { compareAudits } from '../core/contract/drift';
import type { Contract } from '../core/contract/schema';
import { diffRefusal, otherServerNote, partialNote } from '../core/history/entry';
import { resolveHistoryPath } from '../server/history/location';
import { DEFAULT_KEEP, HistoryError, HistoryStore, historyOff } from '../server/history/store';
import { jsonText } from '../core/report/json';
import type { OutputFormat } from './formats/registry';
import { parseHistoryOption, positiveInt, usageError } from './args';
import { emit } from './emit';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { chooseFormat, renderAs } from './formats/registry';
import { failOnOf, styleFor, type SurfaceValues as Values } from './surface-options';
import { errorText, terminalSafe } from './print/terminal';

function openHistory(values: Values, io: CliIo): HistoryStore {
  const { db } = parseHistoryOption(values);
  const { path, from } = resolveHistoryPath(db, io.callerEnv);
  if (path === null) throw historyOff(from);
  const store = HistoryStore.open(path, { mustExist: true });
  if (store.notice !== null) io.stderr.write(`${terminalSafe(store.notice, 600)}\n`);
  return store;
}

function auditId(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d+$/.test(text))
    throw usageError(`${what} must be an audit number from \`history list\`.`);
  return Number(text);
}

const HISTORY_COMMANDS = ['list', 'show', 'diff', 'prune', 'delete'] as const;
type HistoryCommand = (typeof HISTORY_COMMANDS)[number];

/** The audit ids a history command takes, checked before the file is opened. */
function historyIds(sub: HistoryCommand, rest: readonly string[]): number[] {
  if (sub === 'show') return [auditId(rest[0], 'ID')];
  if (sub === 'diff') return [auditId(rest[0], 'A'), auditId(rest[1], 'B')];
  if (sub === 'delete') {
    if (rest.length === 0)
      throw usageError('history delete needs the audit numbers to delete, e.g. `history delete 3 7`.');
    return rest.map((text) => auditId(text, 'Each ID'));
  }
  return [];
}

/** The options only some history commands take, refused elsewhere so a typo does not go unnoticed. */
function checkHistoryOptions(sub: HistoryCommand, values: Values): void {
  if (values.keep !== undefined && sub !== 'prune') throw usageError('--keep is for `history prune`.');
  if (values.server !== undefined && sub !== 'list' && sub !== 'prune')
    throw usageError('--server is for `history list` and `history prune`.');
  if (values.server === '') throw usageError("--server needs a piece of the server's command line or URL, or its id.");
  if (values.limit !== undefined && sub !== 'list') throw usageError('--limit is for `history list`.');
  if (values['fail-on'] !== undefined && sub !== 'diff')
    throw usageError('--fail-on is for `history diff` (to gate an audit, run audit --fail-on SEVERITY).');
}

/** What every history command's step works with once the file is open. */
interface HistoryRun {
  values: Values;
  io: CliIo;
  store: HistoryStore;
  format: OutputFormat;
  output: { output: string | null; format: OutputFormat };
  toFile: boolean;
}

async function runPrune({ values, io, store, format, output }: HistoryRun, keep: number): Promise<number> {
  const done = store.prune(keep, values.server === undefined ? {} : { server: values.server });
  const scope = values.server === undefined ? 'each server' : `each server matching "${values.server}"`;
  const what =
    done.deleted === 0
      ? `Nothing to prune: no server has more than ${keep} audit${keep === 1 ? '' : 's'}${values.server === undefined ? '' : ` among those matching "${values.server}"`}.`
      : `Deleted ${done.deleted} audit${done.deleted === 1 ? '' : 's'}, keeping the newest ${keep} of ${scope}.`;
  const text = await renderAs(format, 'housekeeping', { done, what, remaining: store.count(), path: store.path });
  return emit(text, output, io) ? EXIT.ok : EXIT.usage;
}

async function runDelete({ io, store, format, output }: HistoryRun, ids: readonly number[]): Promise<number> {
  const done = store.remove(ids);
  if ('missing' in done)
    throw usageError(
      `There is no audit ${done.missing.map((id) => `#${id}`).join(', ')} in ${store.path}; nothing was deleted. See \`history list\`.`,
    );
  const what = `Deleted audit${ids.length === 1 ? '' : 's'} ${[...new Set(ids)].map((id) => `#${id}`).join(', ')}.`;
  const text = await renderAs(format, 'housekeeping', { done, what, remaining: store.count(), path: store.path });
  return emit(text, output, io) ? EXIT.ok : EXIT.usage;
}

async function runList({ values, io, store, format, output, toFile }: HistoryRun): Promise<number> {
  const limit = positiveInt('limit', values.limit) ?? 50;
  const entries = store.list({ limit, ...(values.server === undefined ? {} : { server: values.server }) });
  const text = await renderAs(format, 'historyList', {
    entries,
    server: values.server,
    path: store.path,
    style: styleFor(values, io, toFile),
  });
  return emit(text, output, io) ? EXIT.ok : EXIT.usage;
}

/** `history show ID` (one id) or `history diff A B` (two). */
async function runShowOrDiff(run: HistoryRun, ids: readonly number[], failOn: FailOn): Promise<number> {
  const { values, io, store, format, output, toFile } = run;
  const reports = ids.map((id) => {
    const report = store.report(id);
    if (report === null) throw usageError(`There is no audit #${id} in ${store.path}; see \`history list\`.`);
    return report;
  });
  const [first, second] = reports;
  if (first === undefined) return EXIT.usage;
  if (second === undefined) {
    const text = await renderAs(format, 'audit', {
      report: first,
      failOn: null,
      allKinds: false,
      style: styleFor(values, io, toFile),
    });
    return emit(text, output, io) ? EXIT.ok : EXIT.usage;
  }
  const [a, b] = [ids[0] ?? 0, ids[1] ?? 0];
  const refusal = diffRefusal(a, first) ?? diffRefusal(b, second);
  if (refusal !== null) throw usageError(refusal);
  const before: Contract = buildContract(first, first.generatedAt);
  const compared = compareAudits(before, buildContract(second, second.generatedAt));
  const notes = [
    otherServerNote({ id: a, report: first }, { id: b, report: second }),
    partialNote(a, first),
    partialNote(b, second),
  ].filter((note) => note !== null);
  const drift = { ...compared, notes: [...notes, ...compared.notes] };
  const label = `history diff #${ids[0] ?? ''} -> #${ids[1] ?? ''}`;
  const text = await renderAs(format, 'drift', {
    drift,
    report: second,
    failOn,
    label,
    contractUri: `.mcp-hintcheck/history/${ids[0] ?? ''}.json`,
    contractText: jsonText(before),
    baseline: { kind: 'contract', contract: before },
    style: styleFor(values, io, toFile),
  });
  if (!emit(text, output, io)) return EXIT.usage;
  return drift.changes.some((change) => failsGate(change, failOn)) ? EXIT.gate : EXIT.ok;
}

export async function runHistoryCommand(
  values: Values,
  sub: string | undefined,
  rest: readonly string[],
  io: CliIo,
): Promise<number> {
  if (!(HISTORY_COMMANDS as readonly (string | undefined)[]).includes(sub))
    throw usageError(
      'The history commands are `history list [--server TEXT]`, `history show ID`, `history diff A B`, `history prune [--keep N]` and `history delete ID...`.',
    );
  const command = sub as HistoryCommand;
  checkHistoryOptions(command, values);
  const format = chooseFormat(values, `history ${command}`);
  const ids = historyIds(command, rest);
  if (command !== 'delete' && rest.length > ids.length)
    throw usageError(`Unexpected argument "${rest[ids.length] ?? ''}".`);
  const keep = command === 'prune' ? (positiveInt('keep', values.keep) ?? DEFAULT_KEEP) : DEFAULT_KEEP;
  const failOn = failOnOf(values, 'none');
  const toFile = values.output !== undefined;
  const output = { output: values.output ?? null, format };
  let store: HistoryStore | undefined;
  try {
    store = openHistory(values, io);
    const run: HistoryRun = { values, io, store, format, output, toFile };
    if (command === 'prune') return await runPrune(run, keep);
    if (command === 'delete') return await runDelete(run, ids);
    if (command === 'list') return await runList(run);
    return await runShowOrDiff(run, ids, failOn);
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    io.stderr.write(errorText(error));
    return EXIT.unreachable;
  } finally {
    store?.close();
  }
}
