/**
 * Why a server could not be started, as an AuditError that says what to try: a working directory
 * that is missing or not a directory, a command not found or not executable, any other spawn failure.
 */
import { statSync } from 'node:fs';
import { AuditError } from '../errors';

/** Why `cwd` cannot be the server's working directory, or null when it can. */
export function missingDirectory(cwd: string): AuditError | null {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    return new AuditError('bad-input', `The working directory ${cwd} does not exist.`, {
      hint: 'Check --cwd (a relative path is taken from where mcp-hintcheck runs), or leave it out.',
      step: 'spawn',
    });
  }
  if (isDirectory) return null;
  return new AuditError('bad-input', `The working directory ${cwd} is not a directory.`, {
    hint: 'Give --cwd a directory, or leave it out.',
    step: 'spawn',
  });
}

export function spawnError(error: NodeJS.ErrnoException, command: string, cwd: string | undefined): AuditError {
  switch (error.code) {
    case 'ENOENT': {
      // The directory may have gone between the check and the spawn.
      const gone = cwd === undefined ? null : missingDirectory(cwd);
      if (gone !== null) return gone;
      return new AuditError('command-not-found', `Command not found: ${command}.`, {
        hint: 'Check the spelling, that the program is installed and on PATH, or give its absolute path.',
        step: 'spawn',
        cause: error,
      });
    }
    case 'EACCES':
      return new AuditError('command-not-executable', `Permission denied running ${command}: it is not executable.`, {
        hint: `Make it executable (chmod +x ${command}) or run it through its interpreter, for example: node ${command}`,
        step: 'spawn',
        cause: error,
      });
    default:
      return new AuditError('spawn-failed', `Could not start ${command}: ${error.message}`, {
        step: 'spawn',
        cause: error,
      });
  }
}
