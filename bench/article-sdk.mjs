// The article's script, as a reader would write it: about twenty lines with the official v1 SDK that
// connect over stdio, list the tools and count annotations (with the spec's defaults).
// Usage: node bench/article-sdk.mjs <command> [args...]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'annotation-count', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args }));
const { tools } = await client.listTools();
const a = (t) => t.annotations ?? {};
const readOnly = tools.filter((t) => a(t).readOnlyHint === true);
const destructive = tools.filter((t) => a(t).readOnlyHint !== true && a(t).destructiveHint !== false);
const openWorld = tools.filter((t) => a(t).openWorldHint !== false);
const additive = tools.filter((t) => a(t).readOnlyHint !== true && a(t).destructiveHint === false);
const unannotated = tools.filter((t) => t.annotations === undefined);
console.log(`${tools.length} tools`);
console.log(
  `read-only: ${readOnly.length}  destructive: ${destructive.length}  open-world: ${openWorld.length}  unannotated: ${unannotated.length}`,
);
console.log('writes that declare themselves additive:', additive.map((t) => t.name).join(', ') || '(none)');
console.log('open-world:', openWorld.map((t) => t.name).join(', ') || '(none)');
await client.close();
