/**
 * `mcp-hintcheck scan`: list the servers in the clients' configuration files with their findings,
 * ask which to audit (nothing starts without a choice: an answer typed or piped, or --yes; see
 * scan-prompt.ts), audit them in one batch (Ctrl-C cancels all), save each finished audit in the
 * history (--db, as audit; save-history.ts), then print the overview and the
 * session findings, or write them as json, csv, sarif (lib/core/sarif/scan.ts, as the dashboard writes it) or markdown.
 */
import path from 'node:path';
import type { BatchResult } from '../core/api/batch-request';
import type { ProblemCode } from '../core/problems';
import { buildScanExport, type ScanExport } from '../core/session/scan-export';
import { runBatch } from '../server/audit/batch';
import { currentPlace, type DiscoveryPlace } from '../server/config/config-discovery';
import { AuditError } from '../server/errors';
import type { ServerListing } from '../core/config/entry';
import { startOnlyByName } from '../core/config/risky';
import {
  loadServers,
  planBatch,
  sessionView,
  type BatchPlan,
  type LoadedServers,
  type SessionView,
} from '../server/config/scan';
import { GENERATOR } from '../server/version';
import { catchInterrupts } from './interrupts';
import { EXIT } from './exit-codes';
import { failsScanGate } from '../core/session/scan-gate';
import { ofFamily, scanFindings, type ScanFinding } from '../core/session/scan-findings';
import { renderConfigFindings, renderListing } from './print/print-scan';
import { ansiStyle, errorText, outputSafe, PLAIN, terminalSafe, type TextStyle } from './print/terminal';
import { emit } from './emit';
import type { CliIo } from './io';
import type { RenderInputs } from './formats/definition';
import { renderAs } from './formats/registry';
import { SCAN_USAGE, parseScanArgs, type ScanCommand } from './scan-args';
import { askChoice, heldBackNote } from './scan-prompt';
import { saveAllToHistory } from './save-history';

/** What scan needs of the process: the CLI's CliIo without the demo (callerEnv is where ${VAR} values and HOME are read). */
export interface ScanIo extends Omit<CliIo, 'demo'> {
  /** The project folder when --project is not given (default: process.cwd()). */
  cwd?: string;
}

/** Failures that mean the server could not be started or reached at all (exit 3). */
const UNREACHABLE: readonly ProblemCode[] = [
  'command-not-found',
  'command-not-executable',
  'spawn-failed',
  'server-exited',
  'connection-failed',
  'tls-error',
  'http-error',
];

export function scanExitCode(results: readonly BatchResult[]): number {
  const failed = results.filter((result) => result.status === 'failed');
  if (failed.some((result) => result.error !== null && UNREACHABLE.includes(result.error.code)))
    return EXIT.unreachable;
  // Under the one exit-code table (lib/cli/exit-codes.ts): a server that could not be audited whole is 3.
  return failed.length > 0 ? EXIT.unreachable : EXIT.ok;
}

/** The command, or the exit code when it was help or a usage error. */
function parseOrExit(argv: readonly string[], io: ScanIo): ScanCommand | number {
  try {
    const parsed = parseScanArgs(argv);
    if (parsed.kind === 'help') {
      io.stdout.write(SCAN_USAGE);
      return EXIT.ok;
    }
    return parsed;
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(errorText(error));
    return EXIT.usage;
  }
}

/** The listing goes where a person reads it: stdout for text, stderr when stdout carries json/csv. */
function writeListing(command: ScanCommand, io: ScanIo, loaded: LoadedServers, home: string, style: TextStyle): void {
  const toFile = command.output !== null;
  const errStyle = ansiStyle(command.color ?? (io.stderr.isTTY === true && io.callerEnv.NO_COLOR === undefined));
  const { servers } = loaded.listing;
  const findings = ofFamily(listedFindings(loaded), 'configuration');
  const human = command.format === 'text' && !toFile ? io.stdout : io.stderr;
  const humanStyle = human === io.stdout ? style : errStyle;
  if (servers.length === 0) {
    const looked = loaded.discovery.searched.map((candidate) => `  ${candidate.file}`).join('\n');
    human.write(outputSafe(`No MCP servers found. Looked in:\n${looked}\n`, 'text'));
    if (findings.length > 0) human.write(outputSafe(renderConfigFindings(findings, humanStyle, home), 'text'));
  } else {
    human.write(outputSafe(renderListing(servers, humanStyle, home), 'text'));
    human.write('\n');
    human.write(outputSafe(renderConfigFindings(findings, humanStyle, home), 'text'));
  }
}

/**
 * The ids to audit (all enabled ones under --yes, else the answer), or the exit code of a refusal.
 * Neither --yes nor "all" starts a project's entry that changes which program runs: it is named.
 */
async function chooseServers(
  command: ScanCommand,
  io: ScanIo,
  listing: LoadedServers['listing'],
): Promise<string[] | number> {
  const { servers } = listing;
  const held = startOnlyByName(servers, listing.findings);
  if (command.yes) {
    io.stderr.write(heldBackNote(servers, held, '--yes'));
    return servers.filter((server) => !server.disabled && !held.has(server.id)).map((server) => server.id);
  }
  if (servers.length === 0) return [];
  const choice = await askChoice(servers, { stderr: io.stderr, stdin: io.stdin ?? process.stdin }, undefined, held);
  if (choice.kind === 'refused') {
    io.stderr.write(errorText(choice));
    return EXIT.usage;
  }
  return choice.ids;
}

/** Audits the plan's items, a progress line on stderr per finished server. */
async function auditPlan(
  command: ScanCommand,
  io: ScanIo,
  plan: BatchPlan,
  signal: AbortSignal,
): Promise<BatchResult[]> {
  const names = new Map([...plan.listings].map(([id, listings]) => [id, listings[0]?.name ?? id]));
  io.stderr.write(
    `\nAuditing ${plan.items.length} server${plan.items.length === 1 ? '' : 's'}, ${command.concurrency} at a time…\n`,
  );
  let done = 0;
  return runBatch(plan.items, {
    concurrency: command.concurrency,
    signal,
    audit: { callerEnv: io.callerEnv, ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }) },
    onEvent: (event) => {
      if (event.type !== 'result') return;
      done += 1;
      const { result } = event;
      const name = names.get(result.id) ?? result.id;
      const detail = result.status === 'ok' ? `${result.report?.summary.tools ?? 0} tools` : (result.error?.code ?? '');
      io.stderr.write(
        `· [${done}/${plan.items.length}] ${terminalSafe(name, 80)}: ${result.status} (${terminalSafe(detail, 80)})\n`,
      );
    },
  });
}

export async function runScan(argv: readonly string[], io: ScanIo): Promise<number> {
  const command = parseOrExit(argv, io);
  if (typeof command === 'number') return command;
  const toFile = command.output !== null;
  const color = command.color ?? (!toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined);
  const style = ansiStyle(color);
  const root = path.resolve(io.cwd ?? process.cwd());
  const project = path.resolve(root, command.project ?? '.');
  const place = currentPlace(io.callerEnv, project);
  const loaded = await loadServers(place, {
    ...(command.clients === null ? {} : { clients: command.clients }),
    files: command.configs,
  });
  if (loaded.discovery.missing.length > 0) {
    io.stderr.write(
      errorText({
        message: `--config ${terminalSafe(loaded.discovery.missing.join(', '), 1000)}: no such file.`,
        hint: 'check the path; nothing was read.',
      }),
    );
    return EXIT.usage;
  }
  const { servers } = loaded.listing;
  writeListing(command, io, loaded, place.home, style);
  const chosen = await chooseServers(command, io, loaded.listing);
  if (typeof chosen === 'number') return chosen;
  if (chosen.length === 0) {
    if (command.format === 'text' && !toFile) {
      if (servers.length > 0) io.stderr.write('Nothing chosen; nothing launched.\n');
    } else if (!(await emitResult(command, io, { loaded, place, root, results: [], plan: null, view: null })))
      return EXIT.usage;
    return failsScanGate(listedFindings(loaded), command.failOn) ? EXIT.gate : EXIT.ok;
  }

  const plan = planBatch(loaded, chosen, { place, values: {} });
  const interrupts = catchInterrupts(io, 'every server');
  let results: BatchResult[];
  try {
    results = await auditPlan(command, io, plan, interrupts.signal);
  } finally {
    interrupts.stop();
  }
  // Every audit the scan finished is saved as audit saves it (--db, --no-history); a cancelled one is not.
  saveAllToHistory(
    results.flatMap((result) => (result.report === null || result.status === 'cancelled' ? [] : [result.report])),
    command.history,
    io,
  );
  const view = sessionView(plan, results);
  const outcome = { loaded, place, root, results, plan, view };
  if (command.format === 'text' && !toFile) {
    io.stdout.write(
      outputSafe(`\n${await renderAs('text', 'scan', scanInput(outcome, scanExport(outcome), style))}`, 'text'),
    );
  } else if (!(await emitResult(command, io, outcome))) {
    return EXIT.usage;
  }
  if (interrupts.signal.aborted) return EXIT.interrupted;
  const exit = scanExitCode(results);
  const gated = failsScanGate(outcomeFindings(outcome), command.failOn);
  return exit === EXIT.ok && gated ? EXIT.gate : exit;
}

/** What the output formats are built from (plan and view are null when nothing was audited). */
export interface ScanOutcome {
  loaded: LoadedServers;
  place: DiscoveryPlace;
  /** The repository SARIF paths are relative to: the current directory. */
  root: string;
  results: readonly BatchResult[];
  plan: BatchPlan | null;
  view: SessionView | null;
}

/** The findings of the listing alone (before anything is audited): the configuration's. */
function listedFindings(loaded: LoadedServers): ScanFinding[] {
  return scanFindings({
    configFindings: loaded.listing.findings,
    listings: new Map(),
    results: [],
    sessionFindings: [],
    serverIds: new Map(),
  });
}

/** Every finding of the scan, walked once (lib/core/session/scan-findings.ts): the gate and every format read it. */
export function outcomeFindings(outcome: ScanOutcome): ScanFinding[] {
  return scanFindings({
    configFindings: outcome.loaded.listing.findings,
    listings: outcome.plan?.listings ?? new Map<string, ServerListing[]>(),
    results: outcome.results,
    sessionFindings: outcome.view?.findings ?? [],
    serverIds: outcome.view?.serverIds ?? new Map<string, string>(),
  });
}

function scanExport(outcome: ScanOutcome) {
  const names = new Map(
    [...(outcome.plan?.listings ?? [])].map(([id, listings]) => [id, listings[0]?.name ?? id] as const),
  );
  return buildScanExport({
    generator: GENERATOR,
    generatedAt: new Date().toISOString(),
    servers: outcome.loaded.listing.servers,
    configFindings: outcome.loaded.listing.findings,
    overview: outcome.view?.rows ?? [],
    reports: outcome.results.flatMap((result) =>
      result.report === null ? [] : [{ id: result.id, name: names.get(result.id) ?? result.id, report: result.report }],
    ),
    sessionFindings: outcome.view?.findings ?? [],
  });
}

/** What the formats render a scan from (lib/cli/formats/): SARIF paths relative to the current directory. */
export function scanInput(outcome: ScanOutcome, data: ScanExport, style: TextStyle = PLAIN): RenderInputs['scan'] {
  return {
    data,
    root: outcome.root,
    home: outcome.place.home,
    listings: outcome.plan?.listings ?? new Map<string, ServerListing[]>(),
    results: outcome.results,
    serverIds: outcome.view?.serverIds ?? new Map<string, string>(),
    findings: outcomeFindings(outcome),
    style,
  };
}

function emitResult(command: ScanCommand, io: ScanIo, outcome: ScanOutcome): Promise<boolean> {
  return renderAs(command.format, 'scan', scanInput(outcome, scanExport(outcome))).then((text) =>
    emit(text, command, io),
  );
}
