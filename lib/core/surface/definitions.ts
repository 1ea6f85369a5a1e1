/**
 * The catalogue of surface findings (one rule per file in this folder), merged into the flag
 * catalogue of lib/core/flags/catalogue.ts so every consumer reads one list of ids and explanations. A new
 * surface finding is its file (its definition and check), one line in SURFACE_FINDINGS, and the call
 * of its check where it looks: a tool's raw entry (tool-findings.ts), every listed item
 * (iconAndMetaFindings, text-checks.ts) or the server's lists (lib/core/report/surface-report.ts).
 */
import { catalogue } from '../finding';
import { ACTIVE_CONTENT_DEFINITION } from './active-content';
import { HOST_TOOL_LIMIT, SESSION_COST_DEFINITION, TOO_MANY_TOOLS_DEFINITION } from './host-limits';
import { ICON_DEFINITION } from './icons';
import { CACHE_FIELDS_DEFINITION, PUBLIC_CACHE_DEFINITION } from './list-cache';
import { OUTPUT_SCHEMA_DEFINITION } from './output-schema';
import { RESERVED_META_DEFINITION } from './reserved-meta';
import { EXTERNAL_REF_DEFINITION } from './schema-refs';
import { OVERSIZED_TEXT_DEFINITION } from './text-checks';
import { MALFORMED_ITEM_DEFINITION } from './malformed-item';
import { LONG_NAME_DEFINITION } from './tool-name-length';
import { X_MCP_HEADER_DEFINITION } from './x-mcp-header';
import { UNLISTED_TOOL_DEFINITION } from './unlisted-tool';
import { SERVES_CREDENTIALS_DEFINITION } from './serves-credentials';
import { TASK_NAME_MISMATCH_DEFINITION, TASK_NAME_MISSING_DEFINITION } from './task-name-header';

export { HOST_TOOL_LIMIT };

/** Every surface finding, once, in the catalogue's order. */
const SURFACE_FINDINGS = catalogue([
  SERVES_CREDENTIALS_DEFINITION,
  X_MCP_HEADER_DEFINITION,
  EXTERNAL_REF_DEFINITION,
  OUTPUT_SCHEMA_DEFINITION,
  LONG_NAME_DEFINITION,
  RESERVED_META_DEFINITION,
  ICON_DEFINITION,
  ACTIVE_CONTENT_DEFINITION,
  MALFORMED_ITEM_DEFINITION,
  OVERSIZED_TEXT_DEFINITION,
  CACHE_FIELDS_DEFINITION,
  PUBLIC_CACHE_DEFINITION,
  TOO_MANY_TOOLS_DEFINITION,
  SESSION_COST_DEFINITION,
  UNLISTED_TOOL_DEFINITION,
  TASK_NAME_MISMATCH_DEFINITION,
  TASK_NAME_MISSING_DEFINITION,
]);

export const SURFACE_FINDING_IDS = SURFACE_FINDINGS.ids;
export type SurfaceFindingId = (typeof SURFACE_FINDING_IDS)[number];
export const SURFACE_FINDING_DEFINITIONS = SURFACE_FINDINGS.byId;
