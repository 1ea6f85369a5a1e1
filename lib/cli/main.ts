/**
 * The CLI: parse, audit, print, choose the exit code. Loads neither Next.js nor React.
 * Start-up order matters (docs/benchmarks.md): this module and what it imports stay light (no SDK,
 * no zod). For a stdio target it starts the server first, then loads the audit (the SDK, zod, the
 * report code) while the server boots; the OAuth code and the public-suffix list load only for URLs.
 * Ctrl-C cancels the audit and ends the server; a second Ctrl-C exits at once (the exit hook of the
 * stdio transport still kills the server's process group).
 */
import { AuditError } from '../server/errors';
import { prepareStdio } from '../server/mcp/stdio-launch';
import { GENERATOR } from '../server/version';
import { parseCommand } from './args';
import { checkCapabilitiesFile } from './capabilities-option';
import { helpFor } from './usage';
import { EXIT } from './exit-codes';
import { catchInterrupts } from './interrupts';
import { errorText } from './print/terminal';
import type { CliIo } from './io';
import { AUDIT_DEFAULTS } from '../server/audit-defaults';
import type { SandboxedLaunch } from '../server/exercise/sandboxed-listing';

/** Commands whose code is loaded only when asked for (contract, verify, history). */
const SURFACE_COMMANDS = new Set(['contract', 'verify', 'history']);

/** The commands whose code is loaded only when asked for; null for the audit's own path (and --help, --version, oauth). */
async function runOnDemand(argv: readonly string[], io: CliIo): Promise<number | null> {
  if (argv[0] !== undefined && SURFACE_COMMANDS.has(argv[0])) {
    return (await import('./surface-main')).runSurfaceCommand(argv, io);
  }
  if (argv[0] === 'scan') {
    // Loaded on demand: the other commands never pay for the configuration and batch code.
    const { runScan } = await import('./scan');
    return runScan(argv.slice(1), io);
  }
  if (argv[0] === 'registry') {
    // Loaded on demand (lib/cli/registry-*.ts): a whole registry's servers, resumable and sharded.
    const { runRegistryMain } = await import('./registry-main');
    return runRegistryMain(argv.slice(1), io);
  }
  if (argv[0] === 'call') {
    // Loaded on demand (lib/cli/call-command.ts): one call by hand in the sandbox.
    const { runCallCommand } = await import('./call-command');
    return runCallCommand(argv.slice(1), io);
  }
  if (argv[0] === 'doctor') {
    // Loaded on demand, like scan (lib/cli/doctor-command.ts).
    const { runDoctorCommand } = await import('./doctor-command');
    return runDoctorCommand(argv.slice(1), io);
  }
  return null;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const loaded = await runOnDemand(argv, io);
  if (loaded !== null) return loaded;
  let command;
  try {
    command = parseCommand(argv, io.demo);
    if (command.kind === 'audit') await checkCapabilitiesFile(command.capabilities);
  } catch (error) {
    if (error instanceof AuditError) {
      io.stderr.write(errorText(error));
      return EXIT.usage;
    }
    throw error;
  }
  if (command.kind === 'version') {
    io.stdout.write(`${GENERATOR.version}\n`);
    return EXIT.ok;
  }
  if (command.kind === 'help') {
    io.stdout.write(helpFor(command.topic));
    return EXIT.ok;
  }
  if (command.kind === 'oauth') {
    const { runOAuthCommand } = await import('./oauth-command');
    return runOAuthCommand(command, io);
  }

  if (command.exercise != null || command.sandbox === true) {
    // No sandbox, no exercise (and no sandboxed listing), and nothing is started (lib/server/exercise/sandbox.ts).
    const { checkSandbox } = await import('../server/exercise/sandbox');
    try {
      await checkSandbox(io.callerEnv.PATH);
    } catch (error) {
      if (!(error instanceof AuditError)) throw error;
      io.stderr.write(errorText(error));
      return EXIT.usage;
    }
  }
  const interrupts = catchInterrupts(io);
  const disposals: (() => Promise<void>)[] = [];
  try {
    const target = command.target;
    const launched =
      target.transport !== 'stdio'
        ? undefined
        : command.sandbox === true
          ? await sandboxedLaunch(target, io, command.maxBytes)
          : prepareStdio(target, io.callerEnv, command.maxBytes);
    if (launched !== undefined && 'dispose' in launched) disposals.push((launched as SandboxedLaunch).dispose);
    // A failed start (command not found) is reported by the audit, which awaits the same start.
    launched?.transport.start().catch(() => undefined);
    const { runAuditCommand } = await import('./audit-command');
    return await runAuditCommand(command, io, { signal: interrupts.signal, launched, onAudited: interrupts.stop });
  } finally {
    interrupts.stop();
    for (const dispose of disposals) await dispose();
  }
}

async function sandboxedLaunch(
  target: Parameters<typeof prepareStdio>[0],
  io: CliIo,
  maxBytes: number | undefined,
): Promise<SandboxedLaunch> {
  const { prepareSandboxedStdio } = await import('../server/exercise/sandboxed-listing');
  return prepareSandboxedStdio(target, io.callerEnv, maxBytes ?? AUDIT_DEFAULTS.maxBytes);
}
