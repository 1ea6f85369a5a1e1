/**
 * The surface commands: `contract write`, `verify`, and `history list|show|diff|prune|delete`. Loaded by
 * main.ts only when one of them is asked for. Exit codes follow lib/cli/exit-codes.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildContract, partialLists } from '../core/contract/build';
import { FAIL_ON, failsGate, type FailOn } from '../core/contract/changes';
import { compareSurface, type Drift } from '../core/contract/drift';
import { pinnedItems } from '../core/contract/item-drift';
import { PIN_NAMES, readContractFile, type Contract, type ContractFile } from '../core/contract/schema';
import type { Report } from '../core/report';
import { AuditError } from '../server/errors';
import { resolveHistoryPath } from '../server/history/location';
import { formatBytes } from '../core/bytes';
import { DEFAULT_KEEP, HistoryError, HistoryStore, historyOff, type Housekeeping } from '../server/history/store';
import {
  OUTPUT_OPTIONS,
  TARGET_OPTIONS,
  USAGE,
  parseAuditSettings,
  parseFormat,
  parseHistoryOption,
  parseTarget,
  positiveInt,
  usageError,
  type OutputFormat,
} from './args';
import { EXIT } from './exit-codes';
import { emit } from './emit';
import type { CliIo } from './io';
import { renderAuditCi } from './print-ci';
import { renderDrift } from './print-drift';
import { driftToJunit } from './print-junit';
import { driftToMarkdown } from './print-markdown';
import { driftToSarif } from '../core/sarif/build';
import { renderText } from './print-text';
import { ansiStyle, terminalSafe } from './terminal';
import { auditWithSignals } from './run-audit';
import { saveToHistory } from './save-history';

export const DEFAULT_CONTRACT_FILE = 'mcp-surface.json';

const OPTIONS = {
  ...TARGET_OPTIONS,
  ...OUTPUT_OPTIONS,
  contract: { type: 'string' },
  'fail-on': { type: 'string' },
  limit: { type: 'string' },
  server: { type: 'string' },
  keep: { type: 'string' },
} as const;

type Values = ReturnType<typeof parse>['values'];

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    throw usageError(error instanceof Error ? (error.message.split('\n')[0] ?? 'Bad arguments.') : 'Bad arguments.');
  }
}

function failOnOf(values: Values, fallback: FailOn): FailOn {
  const value = values['fail-on'] ?? fallback;
  if (!(FAIL_ON as readonly string[]).includes(value))
    throw usageError(`--fail-on must be widening, any or none, not "${value}".`);
  return value as FailOn;
}

function styleFor(values: Values, io: CliIo, toFile: boolean) {
  const color =
    values['no-color'] === true
      ? false
      : values.color === true
        ? true
        : !toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined;
  return ansiStyle(color);
}

/** Why the surface cannot be pinned or compared whole, or null when it can. */
function notWhole(report: Report): string | null {
  if (report.errors.length > 0 || !report.complete) return 'the surface could not be listed whole';
  const partial = partialLists(report);
  if (partial.length === 0) return null;
  const words = { prompts: 'prompts/list', resources: 'resources/list', resourceTemplates: 'resources/templates/list' };
  return `the server declares ${partial.map((list) => words[list]).join(' and ')} but it could not be read whole (see the warnings)`;
}

/** The partial report of an audit that could not finish, in the format asked for. */
function renderPartial(report: Report, format: OutputFormat, values: Values, io: CliIo, toFile: boolean): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'sarif':
    case 'junit':
    case 'markdown':
      return renderAuditCi(report, format, null);
    default:
      return renderText(report, styleFor(values, io, toFile));
  }
}

export async function runSurfaceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    const [command, sub, ...rest] = positionals;
    if (values.help === true) {
      io.stdout.write(USAGE);
      return EXIT.ok;
    }
    if (command === 'contract') {
      if (sub !== 'write') throw usageError('The contract command is `contract write [-o FILE] <target>`.');
      return await contractWrite(values, rest, io);
    }
    if (command === 'verify') return await verify(values, sub === undefined ? rest : [sub, ...rest], io);
    return history(values, sub, rest, io);
  } catch (error) {
    if (error instanceof AuditError) {
      io.stderr.write(`mcp-hintcheck: ${error.message}\n${error.hint === undefined ? '' : `try: ${error.hint}\n`}`);
      return EXIT.usage;
    }
    throw error;
  }
}

async function contractWrite(values: Values, rest: readonly string[], io: CliIo): Promise<number> {
  if (values.format !== undefined || values.json === true)
    throw usageError('contract write always writes JSON; choose the file with -o FILE (or -o - for stdout).');
  const target = parseTarget(values, rest, io.demo);
  const history = parseHistoryOption(values);
  const output = values.output ?? DEFAULT_CONTRACT_FILE;
  const { report, cancelled } = await auditWithSignals(target, parseAuditSettings(values), io);
  if (cancelled) return EXIT.interrupted;
  saveToHistory(report, history, io);
  const whyNot = notWhole(report);
  if (whyNot !== null) {
    io.stderr.write(renderText(report, styleFor(values, io, true)));
    io.stderr.write(`mcp-hintcheck: no contract written: ${whyNot}.\n`);
    return EXIT.unreachable;
  }
  const contract = buildContract(report, report.generatedAt);
  const text = `${JSON.stringify(contract, null, 2)}\n`;
  if (output === '-') {
    io.stdout.write(text);
    return EXIT.ok;
  }
  try {
    writeFileSync(output, text);
  } catch (error) {
    io.stderr.write(
      `mcp-hintcheck: could not write ${output}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return EXIT.usage;
  }
  const others = [
    [contract.prompts, 'prompt'],
    [contract.resources, 'resource'],
    [contract.resourceTemplates, 'resource template'],
  ] as const;
  const also = others
    .filter(([section]) => section?.declared === true)
    .map(([section, word]) => `${section?.items.length ?? 0} ${word}${section?.items.length === 1 ? '' : 's'}`);
  io.stderr.write(
    `mcp-hintcheck: wrote the contract of ${contract.counts.tools} tools${also.length === 0 ? '' : ` and ${also.join(', ')}`} to ${output} (pins: toolCount ${contract.counts.tools}, destructiveToolCount ${contract.counts.destructive}, openWorldToolCount ${contract.counts.openWorld})\n`,
  );
  return EXIT.ok;
}

/** The contract file, read and checked; a usage error that says what is wrong otherwise. */
function readBaseline(path: string): { file: ContractFile; text: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    throw usageError(
      code === 'ENOENT'
        ? `The contract file ${path} does not exist. Write one with: mcp-hintcheck contract write -o ${path} <target>`
        : `The contract file ${path} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `The contract file ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const read = readContractFile(json);
  if (!read.ok) throw usageError(`${path}: ${read.message}`);
  return { file: read.file, text };
}

function renderDriftAs(
  format: OutputFormat,
  drift: Drift,
  report: Report,
  context: { failOn: FailOn; label: string; contractUri: string; contractText: string; baseline: ContractFile },
  values: Values,
  io: CliIo,
  toFile: boolean,
): string {
  const gating = drift.changes.filter((change) => failsGate(change, context.failOn));
  switch (format) {
    case 'json':
      return `${JSON.stringify({ failOn: context.failOn, gated: gating.length > 0, drift }, null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(driftToSarif(drift, report, { uri: context.contractUri, text: context.contractText }, context.failOn), null, 2)}\n`;
    case 'junit': {
      const pins = context.baseline.kind === 'contract' ? context.baseline.contract.pins : context.baseline.pins;
      return driftToJunit(
        drift,
        report,
        {
          toolNames: context.baseline.kind === 'contract' ? context.baseline.contract.toolNames : [],
          pins: PIN_NAMES.filter((pin) => pins[pin] !== undefined),
          items: context.baseline.kind === 'contract' ? pinnedItems(context.baseline.contract) : [],
        },
        context.failOn,
      );
    }
    case 'markdown':
      return driftToMarkdown(drift, report, context.failOn, context.label);
    case 'csv':
      throw usageError('--format csv is for audits; verify prints text, json, sarif, junit or markdown.');
    case 'text':
      return renderDrift(drift, context.failOn, styleFor(values, io, toFile), context.label);
  }
}

/** A repository-relative URI for SARIF: the path relative to the working directory, with forward slashes. */
function repositoryUri(path: string): string {
  const rel = isAbsolute(path) ? relative(process.cwd(), path) : path;
  return rel
    .split(/[\\/]+/)
    .join('/')
    .replace(/^\.\//, '');
}

async function verify(values: Values, rest: readonly string[], io: CliIo): Promise<number> {
  if (values.contract === undefined || values.contract === '')
    throw usageError('verify needs the approved surface: --contract FILE (written by `contract write`).');
  const failOn = failOnOf(values, 'widening');
  const format = parseFormat(values, ['text', 'json', 'sarif', 'junit', 'markdown']);
  const target = parseTarget(values, rest, io.demo);
  const history = parseHistoryOption(values);
  const baseline = readBaseline(values.contract);
  const toFile = values.output !== undefined;
  const output = { output: values.output ?? null, format };

  const { report, cancelled } = await auditWithSignals(target, parseAuditSettings(values), io);
  if (cancelled) return EXIT.interrupted;
  saveToHistory(report, history, io);
  const whyNot = notWhole(report);
  if (whyNot !== null) {
    if (!emit(renderPartial(report, format, values, io, toFile), output, io)) return EXIT.usage;
    io.stderr.write(`mcp-hintcheck: not verified: ${whyNot}.\n`);
    return EXIT.unreachable;
  }
  const drift = compareSurface(baseline.file, buildContract(report, report.generatedAt));
  const text = renderDriftAs(
    format,
    drift,
    report,
    {
      failOn,
      label: `verify against ${values.contract}`,
      contractUri: repositoryUri(values.contract),
      contractText: baseline.text,
      baseline: baseline.file,
    },
    values,
    io,
    toFile,
  );
  if (!emit(text, output, io)) return EXIT.usage;
  return drift.changes.some((change) => failsGate(change, failOn)) ? EXIT.gate : EXIT.ok;
}

function openHistory(values: Values, io: CliIo): HistoryStore {
  const { db } = parseHistoryOption(values);
  const { path, from } = resolveHistoryPath(db, io.callerEnv);
  if (path === null) throw historyOff(from);
  return HistoryStore.open(path, { mustExist: true });
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
}

/** What a prune or delete did, in words (or as JSON). */
function renderHousekeeping(done: Housekeeping, what: string, store: HistoryStore, json: boolean): string {
  if (json) return `${JSON.stringify({ ...done, remaining: store.count() }, null, 2)}\n`;
  const size =
    done.notReclaimed === null
      ? done.deleted === 0
        ? ''
        : ` The file went from ${formatBytes(done.bytesBefore)} to ${formatBytes(done.bytesAfter)}.`
      : ` The file is still ${formatBytes(done.bytesAfter)}: ${done.notReclaimed}.`;
  const remaining = store.count();
  return `${what} ${remaining} audit${remaining === 1 ? '' : 's'} remain${remaining === 1 ? 's' : ''} in ${store.path}.${size}\n`;
}

function history(values: Values, sub: string | undefined, rest: readonly string[], io: CliIo): number {
  if (!(HISTORY_COMMANDS as readonly (string | undefined)[]).includes(sub))
    throw usageError(
      'The history commands are `history list [--server TEXT]`, `history show ID`, `history diff A B`, `history prune [--keep N]` and `history delete ID...`.',
    );
  const command = sub as HistoryCommand;
  checkHistoryOptions(command, values);
  const housekeeping = command === 'prune' || command === 'delete';
  const format = parseFormat(values, ['text', 'json', 'sarif', 'junit', 'markdown']);
  if ((command === 'list' || housekeeping) && format !== 'text' && format !== 'json')
    throw usageError(`history ${command} prints text or json.`);
  const ids = historyIds(command, rest);
  if (command !== 'delete' && rest.length > ids.length)
    throw usageError(`Unexpected argument "${rest[ids.length] ?? ''}".`);
  const keep = command === 'prune' ? (positiveInt('keep', values.keep) ?? DEFAULT_KEEP) : DEFAULT_KEEP;
  const failOn = failOnOf(values, 'none');
  const toFile = values.output !== undefined;
  const output = { output: values.output ?? null, format };
  let store: HistoryStore;
  try {
    store = openHistory(values, io);
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    io.stderr.write(`mcp-hintcheck: ${error.message}\ntry: ${error.hint}\n`);
    return EXIT.unreachable;
  }
  try {
    if (command === 'prune') {
      const done = store.prune(keep, values.server === undefined ? {} : { server: values.server });
      const scope = values.server === undefined ? 'each server' : `each server matching "${values.server}"`;
      const what =
        done.deleted === 0
          ? `Nothing to prune: no server has more than ${keep} audit${keep === 1 ? '' : 's'}${values.server === undefined ? '' : ` among those matching "${values.server}"`}.`
          : `Deleted ${done.deleted} audit${done.deleted === 1 ? '' : 's'}, keeping the newest ${keep} of ${scope}.`;
      return emit(renderHousekeeping(done, what, store, format === 'json'), output, io) ? EXIT.ok : EXIT.usage;
    }
    if (command === 'delete') {
      const done = store.remove(ids);
      if ('missing' in done)
        throw usageError(
          `There is no audit ${done.missing.map((id) => `#${id}`).join(', ')} in ${store.path}; nothing was deleted. See \`history list\`.`,
        );
      const what = `Deleted audit${ids.length === 1 ? '' : 's'} ${[...new Set(ids)].map((id) => `#${id}`).join(', ')}.`;
      return emit(renderHousekeeping(done, what, store, format === 'json'), output, io) ? EXIT.ok : EXIT.usage;
    }
    if (command === 'list') {
      const limit = positiveInt('limit', values.limit) ?? 50;
      const entries = store.list({ limit, ...(values.server === undefined ? {} : { server: values.server }) });
      let text: string;
      if (format === 'json') text = `${JSON.stringify(entries, null, 2)}\n`;
      else {
        const style = styleFor(values, io, toFile);
        text =
          entries.length === 0
            ? values.server === undefined
              ? `No audits in ${store.path} yet.\n`
              : `No audits of a server matching "${values.server}" in ${store.path} (--server matches a piece of the command line or URL, or a server id).\n`
            : `${entries
                .map(
                  (entry) =>
                    `#${String(entry.id).padEnd(5)} ${entry.createdAt}  ${String(entry.tools).padStart(4)} tools  ro ${entry.readOnly} · destr ${entry.destructive} · open ${entry.openWorld}  ${entry.worstFlag === null ? style.dim('no flags') : style.severity(entry.worstSeverity ?? 'info', `${entry.worstSeverity ?? ''} ${entry.worstFlag}`)}${entry.complete ? '' : ' (incomplete)'}  ${style.dim(`server ${entry.serverId}:`)} ${terminalSafe(entry.identity, 1000)}`,
                )
                .join('\n')}\n`;
      }
      return emit(text, output, io) ? EXIT.ok : EXIT.usage;
    }
    const reports = ids.map((id) => {
      const report = store.report(id);
      if (report === null) throw usageError(`There is no audit #${id} in ${store.path}; see \`history list\`.`);
      return report;
    });
    const [first, second] = reports;
    if (first === undefined) return EXIT.usage;
    if (second === undefined) {
      const text =
        format === 'json'
          ? `${JSON.stringify(first, null, 2)}\n`
          : format === 'text'
            ? renderText(first, styleFor(values, io, toFile))
            : renderAuditCi(first, format as 'sarif' | 'junit' | 'markdown', null);
      return emit(text, output, io) ? EXIT.ok : EXIT.usage;
    }
    const before: Contract = buildContract(first, first.generatedAt);
    const drift = compareSurface({ kind: 'contract', contract: before }, buildContract(second, second.generatedAt));
    const label = `history diff #${ids[0] ?? ''} -> #${ids[1] ?? ''}`;
    const text = renderDriftAs(
      format,
      drift,
      second,
      {
        failOn,
        label,
        contractUri: `.mcp-hintcheck/history/${ids[0] ?? ''}.json`,
        contractText: `${JSON.stringify(before, null, 2)}\n`,
        baseline: { kind: 'contract', contract: before },
      },
      values,
      io,
      toFile,
    );
    if (!emit(text, output, io)) return EXIT.usage;
    return drift.changes.some((change) => failsGate(change, failOn)) ? EXIT.gate : EXIT.ok;
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    io.stderr.write(`mcp-hintcheck: ${error.message}\ntry: ${error.hint}\n`);
    return EXIT.unreachable;
  } finally {
    store.close();
  }
}
