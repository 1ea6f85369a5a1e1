/**
 * The dashboard API's wire shapes: what POST /api/audit accepts, and the NDJSON events it answers
 * with (progress, then one report or one error). Shared by the route handler, the page and scripts.
 */
import { z } from 'zod';
import { ENV_NAME, ENV_NAME_RULE, HEADER_NAME } from '../names';
import { problemSchema } from '../problem-schema';
import { reportSchema, serverFactsSchema } from '../report/report';
import { hostedTransportSchema, transportSchema } from '../transport-schemas';
import { CAPABILITY_PRESETS } from '../capabilities/declared';

const envName = z.string().regex(ENV_NAME, `environment variable names are ${ENV_NAME_RULE}`);
/** JSON.parse keeps a `__proto__` key that a record would silently drop: refuse it by name instead. */
const envRecord = z.preprocess(
  (raw, ctx) => {
    if (typeof raw === 'object' && raw !== null && Object.hasOwn(raw, '__proto__')) {
      ctx.addIssue({
        code: 'custom',
        message: 'the name __proto__ cannot be passed (JavaScript objects treat it specially)',
        path: ['__proto__'],
      });
    }
    return raw;
  },
  z.record(envName, z.string().max(65_536).nullable()),
);
const headerName = z.string().regex(HEADER_NAME, 'not a valid HTTP header name');
const timeoutMs = z.number().int().min(1000).max(300_000).optional();
/** Starting and initializing the server (the CLI's --connect-timeout), in the audit and the sandbox. */
const connectTimeoutMs = z.number().int().min(1000).max(300_000).optional();
/** The client capabilities to declare (default host) and whether to list once more declaring none. */
const capabilityFields = {
  capabilities: z.enum(CAPABILITY_PRESETS).optional(),
  compareCapabilities: z.boolean().optional(),
};

export const auditRequestSchema = z.discriminatedUnion('transport', [
  z.strictObject({
    transport: z.literal('stdio'),
    command: z.string().trim().min(1, 'the command is empty').max(4096),
    args: z.array(z.string().max(16_384)).max(512).default([]),
    cwd: z.string().max(4096).optional(),
    /** NAME -> value, or null to pass NAME from the dashboard's own environment. */
    env: envRecord.default({}),
    /**
     * true: list in the exercise sandbox (no network, HOME hidden; an error where this machine has none).
     * Absent or false: on the host, as the CLI lists (`audit --sandbox` asks for the sandbox there too).
     */
    sandbox: z.boolean().optional(),
    timeoutMs,
    connectTimeoutMs,
    ...capabilityFields,
  }),
  z.strictObject({
    transport: hostedTransportSchema,
    url: z.url({ protocol: /^https?$/, error: 'an http or https URL' }).max(4096),
    headers: z.record(headerName, z.string().max(16_384)).default({}),
    /** The handle of a dashboard sign-in for this URL: the server adds its token, the page never sees it. */
    signIn: z.string().min(1).max(100).optional(),
    timeoutMs,
    connectTimeoutMs,
    ...capabilityFields,
  }),
]);
export type AuditRequest = z.infer<typeof auditRequestSchema>;

export const auditProgressSchema = z.discriminatedUnion('step', [
  /** The dashboard API took the audit: `runId` is what POST /api/audit/cancel names. */
  z.object({ type: z.literal('progress'), step: z.literal('accepted'), runId: z.string().min(1).max(100) }),
  z.object({
    type: z.literal('progress'),
    step: z.literal('starting'),
    transport: transportSchema,
  }),
  z.object({ type: z.literal('progress'), step: z.literal('spawned'), pid: z.number().int().nullable() }),
  /** A hosted target's unauthenticated OAuth check finished (it runs beside the listing). */
  z.object({
    type: z.literal('progress'),
    step: z.literal('oauth'),
    reachable: z.boolean(),
    findings: z.number().int(),
  }),
  z.object({ type: z.literal('progress'), step: z.literal('initialized'), server: serverFactsSchema }),
  z.object({
    type: z.literal('progress'),
    step: z.literal('page'),
    page: z.number().int(),
    tools: z.number().int(),
    bytes: z.number().int(),
  }),
  /**
   * A local server has been ended: `confirmed` when it and everything it started are gone (its
   * session swept on Linux), else `survivors` processes were still alive when the end gave up.
   */
  z.object({
    type: z.literal('progress'),
    step: z.literal('stopped'),
    pid: z.number().int().nullable(),
    confirmed: z.boolean(),
    survivors: z.number().int(),
  }),
]);
export type AuditProgress = z.infer<typeof auditProgressSchema>;

export const auditEventSchema = z.union([
  auditProgressSchema,
  z.object({ type: z.literal('report'), report: reportSchema }),
  z.object({ type: z.literal('error'), error: problemSchema }),
]);
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A zod error as one readable sentence: "env.1BAD: environment variable names are ...". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      // A bad record key carries the reason in a nested issue.
      const nested = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
      return `${where}${nested ?? issue.message}`;
    })
    .join('; ');
}
