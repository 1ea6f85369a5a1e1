/** `mcp-hintcheck registry …`: a run or a merge (loaded on demand by lib/cli/main.ts). */
import { AuditError } from '../server/errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { errorText } from './print/terminal';
import { parseRegistryArgs, REGISTRY_USAGE } from './registry-args';

export async function runRegistryMain(argv: readonly string[], io: Omit<CliIo, 'demo'>): Promise<number> {
  let command;
  try {
    command = parseRegistryArgs(argv);
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(errorText(error));
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    io.stdout.write(REGISTRY_USAGE);
    return EXIT.ok;
  }
  if (command.kind === 'merge') return (await import('./registry-merge-command')).runRegistryMerge(command, io);
  return (await import('./registry-run-command')).runRegistryCommand(command, io);
}
