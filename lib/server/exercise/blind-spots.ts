/**
 * What the exercise's sandbox cannot see, said in every report that used it (docs/security.md):
 * a reviewer must know where "clean" stops.
 */
export const SANDBOX_BLIND_SPOTS: readonly string[] = [
  'Reads of ordinary files are not effects: only planted canaries are watched (by the traced open and by their access time).',
  'The network is off: a connect or a name lookup shows intent, never what would have been sent.',
  'Only the arguments sent were tried; a server may detect the sandbox (an empty HOME, no network) and behave otherwise.',
  'Memory, CPU time and what a process computes are not observed; only file, process and network system calls are.',
  'Hosted servers cannot be exercised: only their stdio counterparts.',
];
