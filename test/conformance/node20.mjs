// Preloaded with --import before the conformance suite on Node 20 (see node20-hooks.mjs).
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./node20-hooks.mjs', import.meta.url);
