/**
 * The catalogue of server.json and server-card findings (one rule per file in this folder) and the
 * one list of their checks. A new one is its file (definition and check), one line in each list.
 */
import { catalogue, type Finding } from '../finding';
import { CARD_TOOL_OMITTED_DEFINITION, cardToolOmittedFindings } from './card-tool-omitted';
import { CARD_TOOL_UNLISTED_DEFINITION, cardToolUnlistedFindings } from './card-tool-unlisted';
import type { Audited, Declaration } from './input';
import { SERVER_JSON_INVALID_DEFINITION, invalidFindings } from './invalid';
import { FOREIGN_MCP_NAME_DEFINITION, MISSING_MCP_NAME_DEFINITION, mcpNameFindings } from './mcp-name';
import { REQUIRED_VARIABLE_DEFINITION, requiredVariableFindings } from './required-variable';
import { SECRET_NOT_MARKED_DEFINITION, secretVariableFindings } from './secret-variable';
import { TRANSPORT_MISMATCH_DEFINITION, transportFindings } from './transport-mismatch';
import { UNDECLARED_VARIABLE_DEFINITION, undeclaredVariableFindings } from './undeclared-variable';

const SERVER_JSON_FINDINGS = catalogue([
  SERVER_JSON_INVALID_DEFINITION,
  FOREIGN_MCP_NAME_DEFINITION,
  MISSING_MCP_NAME_DEFINITION,
  TRANSPORT_MISMATCH_DEFINITION,
  REQUIRED_VARIABLE_DEFINITION,
  UNDECLARED_VARIABLE_DEFINITION,
  SECRET_NOT_MARKED_DEFINITION,
  CARD_TOOL_UNLISTED_DEFINITION,
  CARD_TOOL_OMITTED_DEFINITION,
]);

export const SERVER_JSON_FINDING_IDS = SERVER_JSON_FINDINGS.ids;
export type ServerJsonFindingId = (typeof SERVER_JSON_FINDING_IDS)[number];
export const SERVER_JSON_FINDING_DEFINITIONS = SERVER_JSON_FINDINGS.byId;

const CHECKS: readonly ((declaration: Declaration, audited: Audited) => Finding<ServerJsonFindingId>[])[] = [
  invalidFindings,
  mcpNameFindings,
  transportFindings,
  requiredVariableFindings,
  undeclaredVariableFindings,
  secretVariableFindings,
  cardToolUnlistedFindings,
  cardToolOmittedFindings,
];

/** Every finding of one declaration against the audit, in the catalogue's order. */
export function compareDeclaration(declaration: Declaration, audited: Audited): Finding<ServerJsonFindingId>[] {
  return CHECKS.flatMap((check) => check(declaration, audited));
}
