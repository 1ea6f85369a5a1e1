// node:fs with a globSync for Node 20: the conformance suite (0.1.16) imports fs.globSync (Node 22),
// and uses it only in its tier-check command, which the tests never run. Anything calling it fails loudly.
import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error('fs.globSync is not available on this Node version (the conformance shim has none).');
}
