// Module resolve hook: the conformance suite's own `import ... from "fs"` gets fs-glob.mjs (node:fs plus a
// globSync stub), so the suite loads on Node 20. Every other importer, and Node 22+, gets node:fs itself.
const shim = new URL('./fs-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes('/node_modules/@modelcontextprotocol/conformance/') === true;
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
