/**
 * One JSON document for a whole scan (`scan --format json`, the dashboard's "All reports" export):
 * the servers found, the configuration findings, every Report, the overview and the session
 * findings, with the definitions of every finding id that occurs.
 */
import { z } from 'zod';
import { serverListingSchema } from '../config/entry';
import { CONFIG_FINDING_DEFINITIONS, configFindingSchema, type ConfigFindingDefinition } from '../config/findings';
import { reportSchema } from '../report';
import { SESSION_FINDING_DEFINITIONS, sessionFindingSchema, type SessionFindingDefinition } from './findings';
import { overviewRowSchema } from './overview';

export const SCAN_EXPORT_VERSION = 1;

const definitionSchema = z.object({
  id: z.string(),
  severity: z.string(),
  title: z.string(),
  meaning: z.string(),
  doesNotTell: z.string(),
  reference: z.string(),
});

export const scanExportSchema = z.object({
  schemaVersion: z.literal(SCAN_EXPORT_VERSION),
  generator: z.object({ name: z.string(), version: z.string() }),
  generatedAt: z.string(),
  servers: z.array(serverListingSchema),
  configFindings: z.array(configFindingSchema),
  overview: z.array(overviewRowSchema),
  reports: z.array(z.object({ id: z.string(), name: z.string(), report: reportSchema })),
  sessionFindings: z.array(sessionFindingSchema),
  definitions: z.record(z.string(), definitionSchema),
});
export type ScanExport = z.infer<typeof scanExportSchema>;

export type ScanExportInput = Omit<ScanExport, 'schemaVersion' | 'definitions'>;

export function buildScanExport(input: ScanExportInput): ScanExport {
  const definitions: Record<string, ConfigFindingDefinition | SessionFindingDefinition> = {};
  for (const finding of input.configFindings) {
    definitions[finding.id] = CONFIG_FINDING_DEFINITIONS[finding.id];
  }
  for (const finding of input.sessionFindings) {
    definitions[finding.id] = SESSION_FINDING_DEFINITIONS[finding.id];
  }
  return { schemaVersion: SCAN_EXPORT_VERSION, ...input, definitions };
}
