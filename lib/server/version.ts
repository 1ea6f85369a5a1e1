/** The generator named in every Report. Kept in step with package.json by a unit test. */
export const GENERATOR = { name: 'mcp-preflight', version: '0.1.0' } as const;
