/**
 * One JSON document for a whole scan (`scan --format json`, the dashboard's "All reports" export):
 * the servers found, the configuration findings, every Report, the overview and the session
 * findings, with the definitions of every configuration and session finding id that occurs (each
 * Report carries its own flags' definitions, each OAuth finding its explanation).
 */
import { z } from 'zod';
import { serverListingSchema } from '../config/entry';
import { configFindingSchema } from '../config/findings';
import type { FindingDefinition } from '../finding';
import { reportSchema } from '../report/report';
import { sessionFindingSchema } from './findings';
import { overviewRowSchema } from './overview';
import { scanFindingDefinition } from './scan-findings';

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

/** The export, with the definition of each configuration and session finding id that occurs (a Report explains its own). */
export function buildScanExport(input: ScanExportInput): ScanExport {
  const definitions: Record<string, FindingDefinition> = {};
  for (const { id } of [...input.configFindings, ...input.sessionFindings]) definitions[id] = scanFindingDefinition(id);
  return { schemaVersion: SCAN_EXPORT_VERSION, ...input, definitions };
}
