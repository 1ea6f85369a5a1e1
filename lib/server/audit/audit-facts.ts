/**
 * What an audit reports about its target and server before any list: the server facts from the raw
 * initialize (or server/discover) result, the target as a report shows it (redacted), and the small
 * helpers the audit reads capabilities with.
 */
import { stringOrNull } from '../../core/report/tool-analysis';
import type { ServerFacts, Target } from '../../core/report/report';
import type { RawList } from '../../core/report/surface-report';
import { redactArgs } from '../../core/config/secrets';
import type { Connection, RawInitialize } from '../mcp/connect';
import { Redactor, redactUrl } from '../redact';
import type { AuditTargetSpec } from '../target-spec';
import { isRecord } from '../../core/is-record';

/** Server facts from the raw initialize result, or the raw server/discover result (serverInfo in _meta). */
export function serverFacts(raw: RawInitialize | null, connection: Connection): ServerFacts {
  const meta = isRecord(raw?._meta) ? raw._meta : {};
  const rawInfo = raw?.serverInfo ?? meta['io.modelcontextprotocol/serverInfo'];
  const info = isRecord(rawInfo) ? rawInfo : {};
  return {
    name: stringOrNull(info.name),
    version: stringOrNull(info.version),
    title: stringOrNull(info.title),
    protocolVersion: stringOrNull(raw?.protocolVersion) ?? (connection.version === '' ? null : connection.version),
    transport: connection.kind,
    capabilities: raw?.capabilities ?? null,
    instructions: stringOrNull(raw?.instructions),
  };
}

/** Whether the capabilities declare a feature (an object under its key). */
export const declares = (capabilities: unknown, key: string): boolean =>
  isRecord(capabilities) && isRecord(capabilities[key]);

export const emptyList = (declared: boolean): RawList => ({ declared, pages: [], complete: !declared, error: null });

/** The target as a report shows it: a secret the user also typed into the command line is redacted too. */
export function describeTarget(spec: AuditTargetSpec, envNames: string[], redactor: Redactor = new Redactor()): Target {
  if (spec.transport === 'stdio') {
    return redactor.value({
      transport: 'stdio',
      command: spec.command,
      args: redactArgs(spec.args).shown,
      cwd: spec.cwd ?? null,
      envNames,
    });
  }
  return { transport: spec.transport, url: redactUrl(spec.url), headerNames: Object.keys(spec.headers), envNames: [] };
}
