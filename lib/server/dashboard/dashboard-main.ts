/**
 * Entry of `npm start` (bundled to dist/serve.mjs): serve the dashboard until Ctrl-C. On a signal
 * it exits through process.exit, so the exit hook of every running audit kills its server; the
 * playground's sessions are closed first (their sandboxes and servers go, playground/registry.ts).
 */
import { fileURLToPath } from 'node:url';
import { mapHashedExternals } from './next-externals';

// Next.js telemetry off before Next.js is loaded (./dashboard imports it): "nothing it does leaves
// this machine" covers `npm start`, `npm run dev` and every script that starts this server.
process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = fileURLToPath(new URL('..', import.meta.url));
// The installed package's build has no .next/node_modules links (lib/server/dashboard/next-externals.ts).
mapHashedExternals(root);
const { ServeUsageError, parseServeOptions, serve, servedUrl } = await import('./dashboard');

try {
  const options = parseServeOptions(process.argv.slice(2), process.env);
  // The page builds the demo command from the project root, wherever the server was started from.
  process.env.HINTCHECK_ROOT = root;
  const stop = await serve(options, root, (line) => {
    process.stdout.write(`${line}\n`);
  });
  if (options.open) {
    const { openBrowser } = await import('../sign-in/open-browser');
    if (!openBrowser(servedUrl(options)))
      process.stderr.write('mcp-hintcheck: could not open a browser; open the URL above.\n');
  }
  const shutdown = (): void => {
    const playgrounds = import('../playground/registry').then(({ closeAllPlaygrounds }) => closeAllPlaygrounds());
    void Promise.all([stop(), playgrounds.catch(() => undefined)]).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof ServeUsageError) {
    process.stderr.write(`mcp-hintcheck: ${error.message}\n`);
  } else if (code === 'EADDRINUSE') {
    process.stderr.write('mcp-hintcheck: the port is already in use. Set another with PORT=4100 npm start.\n');
  } else if (error instanceof Error && /Could not find a production build/i.test(error.message)) {
    process.stderr.write('mcp-hintcheck: the dashboard is not built yet. Run npm run build (npm start does it).\n');
  } else {
    process.stderr.write(
      `mcp-hintcheck: could not start the dashboard: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(2);
}
