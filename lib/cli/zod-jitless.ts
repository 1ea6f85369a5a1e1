/**
 * zod without its JIT, for the CLI: zod compiles a parser (new Function) for each object schema the
 * first time it parses, which pays off over many parses in a long-lived process; an audit parses a
 * handful of messages once, and each compile cost 1-3 ms on the audit's critical path. The setting
 * is read when a schema is constructed, so it must be made before the SDK's protocol schemas are:
 * main.ts imports this module before it starts the server, whose transport then loads the SDK.
 * Importing the module is the whole job (it is evaluated once, in the same step as its import).
 */
import { config } from 'zod';

config({ jitless: true });
