/**
 * Packages the dashboard's server code loads from node_modules at run time instead of bundling
 * (next.config.ts's serverExternalPackages): the SDK, whose module graph Turbopack should not split,
 * and better-sqlite3, a native addon.
 */
export const SERVER_EXTERNAL_PACKAGES: readonly string[] = ['@modelcontextprotocol/sdk', 'better-sqlite3'];
