/**
 * The MCP registry's server.json schema (version 2025-12-11, vendored verbatim in
 * ./vendor/server.schema.2025-12-11.json with its MIT licence), stated in zod so the CLI needs no JSON
 * Schema engine at run time (ajv is only a devDependency; test/server-json.test.ts checks with ajv that this
 * file and the vendored schema accept and refuse the same documents). Like the published schema,
 * objects accept unknown keys (no `additionalProperties: false` anywhere).
 */
import { z } from 'zod';

export const SERVER_JSON_SCHEMA_ID = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
export const SERVER_JSON_SCHEMA_VERSION = '2025-12-11';

/** JSON Schema's "uri" format: a scheme, then a URL the WHATWG parser accepts. */
const uri = z.string().refine((text) => /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text) && URL.canParse(text), 'not a URI');
const httpUrlTemplate = z.string().regex(/^https?:\/\/[^\s]+$/, 'not an http(s) URL template');

const inputShape = {
  choices: z.array(z.string()).optional(),
  default: z.string().optional(),
  description: z.string().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  placeholder: z.string().optional(),
  value: z.string().optional(),
};
const input = z.looseObject(inputShape);
const inputWithVariablesShape = { ...inputShape, variables: z.record(z.string(), input).optional() };
const keyValueInput = z.looseObject({ ...inputWithVariablesShape, name: z.string() });

const positionalArgument = z
  .looseObject({
    ...inputWithVariablesShape,
    type: z.literal('positional'),
    isRepeated: z.boolean().optional(),
    valueHint: z.string().optional(),
  })
  .refine(
    (argument) => 'valueHint' in argument || 'value' in argument,
    'a positional argument needs value or valueHint',
  );
const namedArgument = z.looseObject({
  ...inputWithVariablesShape,
  type: z.literal('named'),
  name: z.string(),
  isRepeated: z.boolean().optional(),
});
const argument = z.union([positionalArgument, namedArgument]);

const headers = z.array(keyValueInput).optional();
const stdioTransport = z.looseObject({ type: z.literal('stdio') });
const streamableHttpTransport = z.looseObject({ type: z.literal('streamable-http'), url: httpUrlTemplate, headers });
const sseTransport = z.looseObject({ type: z.literal('sse'), url: httpUrlTemplate, headers });
const variables = z.record(z.string(), input).optional();
const remoteTransport = z.union([streamableHttpTransport.extend({ variables }), sseTransport.extend({ variables })]);

const packageSchema = z.looseObject({
  environmentVariables: z.array(keyValueInput).optional(),
  fileSha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
  identifier: z.string(),
  packageArguments: z.array(argument).optional(),
  registryBaseUrl: uri.optional(),
  registryType: z.string(),
  runtimeArguments: z.array(argument).optional(),
  runtimeHint: z.string().optional(),
  transport: z.union([stdioTransport, streamableHttpTransport, sseTransport]),
  version: z
    .string()
    .min(1)
    .refine((version) => version !== 'latest', 'a package version must be a specific version, not "latest"')
    .optional(),
});

const icon = z.looseObject({
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp']).optional(),
  sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/)).optional(),
  src: uri.max(255),
  theme: z.enum(['light', 'dark']).optional(),
});

const repository = z.looseObject({
  id: z.string().optional(),
  source: z.string(),
  subfolder: z.string().optional(),
  url: uri,
});

export const serverJsonSchema = z.looseObject({
  $schema: uri.optional(),
  _meta: z
    .looseObject({ 'io.modelcontextprotocol.registry/publisher-provided': z.looseObject({}).optional() })
    .optional(),
  description: z.string().min(1).max(100),
  icons: z.array(icon).optional(),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'not a reverse-DNS name with one slash (io.github.user/server)'),
  packages: z.array(packageSchema).optional(),
  remotes: z.array(remoteTransport).optional(),
  repository: repository.optional(),
  title: z.string().min(1).max(100).optional(),
  version: z.string().max(255),
  websiteUrl: uri.optional(),
});

/** The schema's verdict: the document, or one line per problem ("packages.0.version: ..."). */
export function validateServerJson(document: unknown): { valid: true } | { valid: false; problems: string[] } {
  const result = serverJsonSchema.safeParse(document);
  if (result.success) return { valid: true };
  return {
    valid: false,
    problems: result.error.issues.map(
      (issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`,
    ),
  };
}
