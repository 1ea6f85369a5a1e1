/**
 * The surface commands: `contract write` and `verify` here, `history ...` in history-command.ts.
 * Loaded by main.ts only when one of them is asked for. Exit codes follow lib/cli/exit-codes.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { buildContract, partialLists } from '../core/contract/build';
import { failsGate } from '../core/contract/changes';
import { compareSurface } from '../core/contract/drift';
import { readContractFile, type ContractFile } from '../core/contract/schema';
import type { Report } from '../core/report/report';
import { AuditError } from '../server/errors';
import type { OutputFormat } from './formats/registry';
import { parseAuditSettings, parseHistoryOption, parseTarget, usageError } from './args';
import { EXIT } from './exit-codes';
import { exerciseOption } from './exercise-args';
import type { ExerciseMode } from '../core/exercise/modes';
import { emit } from './emit';
import { runHistoryCommand } from './history-command';
import { helpFor } from './usage';
import type { CliIo } from './io';
import { chooseFormat, renderAs } from './formats/registry';
import { auditWithSignals } from './audit-with-signals';
import { saveToHistory } from './save-history';
import { failOnOf, parseSurfaceArgs, styleFor, type SurfaceValues as Values } from './surface-options';
import { errorText, outputSafe, terminalSafe } from './print/terminal';

export const DEFAULT_CONTRACT_FILE = 'mcp-surface.json';

/** Why the surface cannot be pinned or compared whole, or null when it can. */
function notWhole(report: Report): string | null {
  if (report.errors.length > 0 || !report.complete) return 'the surface could not be listed whole';
  const partial = partialLists(report);
  if (partial.length === 0) return null;
  const words = { prompts: 'prompts/list', resources: 'resources/list', resourceTemplates: 'resources/templates/list' };
  return `the server declares ${partial.map((list) => words[list]).join(' and ')} but it could not be read whole (see the warnings)`;
}

/** The partial report of an audit that could not finish, in the format asked for. */
function renderPartial(
  report: Report,
  format: OutputFormat,
  values: Values,
  io: CliIo,
  toFile: boolean,
): Promise<string> {
  return renderAs(format, 'audit', { report, failOn: null, allKinds: false, style: styleFor(values, io, toFile) });
}

export async function runSurfaceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals, exercise } = parseSurfaceArgs(argv);
    const [command, sub, ...rest] = positionals;
    if (values.help === true) {
      io.stdout.write(helpFor(command));
      return EXIT.ok;
    }
    if (command === 'contract') {
      if (sub !== 'write') throw usageError('The contract command is `contract write [-o FILE] <target>`.');
      return await contractWrite(values, rest, io, exercise);
    }
    if (command === 'verify') return await verify(values, sub === undefined ? rest : [sub, ...rest], io, exercise);
    if (exercise !== null) throw usageError('--exercise applies to audit, contract write and verify.');
    return await runHistoryCommand(values, sub, rest, io);
  } catch (error) {
    if (error instanceof AuditError) {
      io.stderr.write(errorText(error));
      return EXIT.usage;
    }
    throw error;
  }
}

async function contractWrite(
  values: Values,
  rest: readonly string[],
  io: CliIo,
  mode: ExerciseMode | null,
): Promise<number> {
  chooseFormat(values, 'contract write');
  if (values['fail-on'] !== undefined)
    throw usageError('--fail-on is for verify: contract write pins, it does not gate.');
  const target = parseTarget(values, rest, io.demo);
  const exercise = exerciseOption(mode, values, target.transport, usageError);
  const history = parseHistoryOption(values);
  const output = values.output ?? DEFAULT_CONTRACT_FILE;
  const { report, cancelled, refused } = await auditWithSignals(target, parseAuditSettings(values), io, exercise);
  if (cancelled) return EXIT.interrupted;
  if (refused !== null) return refuse(refused, io);
  saveToHistory(report, history, io);
  const whyNot = notWhole(report);
  if (whyNot !== null) {
    io.stderr.write(outputSafe(await renderPartial(report, 'text', values, io, true), 'text'));
    io.stderr.write(`mcp-hintcheck: no contract written: ${whyNot}.\n`);
    return EXIT.unreachable;
  }
  const contract = buildContract(report, report.generatedAt);
  const text = await renderAs('json', 'contract', { contract });
  if (output === '-') {
    io.stdout.write(outputSafe(text, 'json'));
    return EXIT.ok;
  }
  try {
    writeFileSync(output, text);
  } catch (error) {
    io.stderr.write(
      `mcp-hintcheck: could not write ${terminalSafe(output, 1000)}: ${terminalSafe(error instanceof Error ? error.message : String(error), 1000)}\n`,
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
    `mcp-hintcheck: wrote the contract of ${contract.counts.tools} tools${also.length === 0 ? '' : ` and ${also.join(', ')}`} to ${terminalSafe(output, 1000)} (pins: toolCount ${contract.counts.tools}, destructiveToolCount ${contract.counts.destructive}, openWorldToolCount ${contract.counts.openWorld})\n`,
  );
  return EXIT.ok;
}

/** Consent refused or never given: nothing was called, nothing written (exit 2, as for audit). */
function refuse(message: string, io: CliIo): number {
  io.stderr.write(errorText({ message }));
  return EXIT.usage;
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

/** A repository-relative URI for SARIF: the path relative to the working directory, with forward slashes. */
function repositoryUri(path: string): string {
  const rel = isAbsolute(path) ? relative(process.cwd(), path) : path;
  return rel
    .split(/[\\/]+/)
    .join('/')
    .replace(/^\.\//, '');
}

async function verify(values: Values, rest: readonly string[], io: CliIo, mode: ExerciseMode | null): Promise<number> {
  if (values.contract === undefined || values.contract === '')
    throw usageError('verify needs the approved surface: --contract FILE (written by `contract write`).');
  const failOn = failOnOf(values, 'widening');
  const format = chooseFormat(values, 'verify');
  const target = parseTarget(values, rest, io.demo);
  const exercise = exerciseOption(mode, values, target.transport, usageError);
  const history = parseHistoryOption(values);
  const baseline = readBaseline(values.contract);
  const toFile = values.output !== undefined;
  const output = { output: values.output ?? null, format };

  const { report, cancelled, refused } = await auditWithSignals(target, parseAuditSettings(values), io, exercise);
  if (cancelled) return EXIT.interrupted;
  if (refused !== null) return refuse(refused, io);
  const pinned =
    baseline.file.kind === 'contract'
      ? baseline.file.contract.tools.filter((tool) => 'behaviour' in tool && tool.behaviour !== undefined).length
      : 0;
  if (exercise === null && pinned > 0)
    io.stderr.write(
      `mcp-hintcheck: the contract pins the exercised behaviour of ${pinned} tool${pinned === 1 ? '' : 's'}; not checked without --exercise.\n`,
    );
  saveToHistory(report, history, io);
  const whyNot = notWhole(report);
  if (whyNot !== null) {
    if (!emit(await renderPartial(report, format, values, io, toFile), output, io)) return EXIT.usage;
    io.stderr.write(`mcp-hintcheck: not verified: ${whyNot}.\n`);
    return EXIT.unreachable;
  }
  const drift = compareSurface(baseline.file, buildContract(report, report.generatedAt));
  const text = await renderAs(format, 'drift', {
    drift,
    report,
    failOn,
    label: `verify against ${values.contract}`,
    contractUri: repositoryUri(values.contract),
    contractText: baseline.text,
    baseline: baseline.file,
    style: styleFor(values, io, toFile),
  });
  if (!emit(text, output, io)) return EXIT.usage;
  return drift.changes.some((change) => failsGate(change, failOn)) ? EXIT.gate : EXIT.ok;
}
