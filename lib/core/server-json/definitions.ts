/**
 * The catalogue of server.json and server-card findings (one rule per file in this folder): one list
 * of the rules, each with the definitions it raises and its check. A new one is its file (definition
 * and check) and one line in RULES.
 */
import { catalogue, type Finding, type FindingDefinition } from '../finding';
import { CARD_TOOL_OMITTED_DEFINITION, cardToolOmittedFindings } from './card-tool-omitted';
import { CARD_TOOL_UNLISTED_DEFINITION, cardToolUnlistedFindings } from './card-tool-unlisted';
import type { Audited, Declaration } from './input';
import { SERVER_JSON_INVALID_DEFINITION, invalidFindings } from './invalid';
import { FOREIGN_MCP_NAME_DEFINITION, MISSING_MCP_NAME_DEFINITION, mcpNameFindings } from './mcp-name';
import { REQUIRED_VARIABLE_DEFINITION, requiredVariableFindings } from './required-variable';
import { SECRET_NOT_MARKED_DEFINITION, secretVariableFindings } from './secret-variable';
import { TRANSPORT_MISMATCH_DEFINITION, transportFindings } from './transport-mismatch';
import { UNDECLARED_VARIABLE_DEFINITION, undeclaredVariableFindings } from './undeclared-variable';

/** Every rule, once, in the order it runs: the definitions it raises and its check. */
const RULES = [
  { definitions: [SERVER_JSON_INVALID_DEFINITION], check: invalidFindings },
  { definitions: [FOREIGN_MCP_NAME_DEFINITION, MISSING_MCP_NAME_DEFINITION], check: mcpNameFindings },
  { definitions: [TRANSPORT_MISMATCH_DEFINITION], check: transportFindings },
  { definitions: [REQUIRED_VARIABLE_DEFINITION], check: requiredVariableFindings },
  { definitions: [UNDECLARED_VARIABLE_DEFINITION], check: undeclaredVariableFindings },
  { definitions: [SECRET_NOT_MARKED_DEFINITION], check: secretVariableFindings },
  { definitions: [CARD_TOOL_UNLISTED_DEFINITION], check: cardToolUnlistedFindings },
  { definitions: [CARD_TOOL_OMITTED_DEFINITION], check: cardToolOmittedFindings },
] as const satisfies readonly {
  definitions: readonly FindingDefinition[];
  check: (declaration: Declaration, audited: Audited) => Finding[];
}[];

/** The rules' definitions, flat, each with its literal id. */
type Flat<Rules> = Rules extends readonly [infer Rule, ...infer Rest]
  ? [...(Rule extends { definitions: infer D extends readonly FindingDefinition[] } ? D : []), ...Flat<Rest>]
  : [];

const SERVER_JSON_FINDINGS = catalogue(
  RULES.flatMap((rule): readonly FindingDefinition[] => rule.definitions) as unknown as Flat<typeof RULES>,
);

export const SERVER_JSON_FINDING_IDS = SERVER_JSON_FINDINGS.ids;
export type ServerJsonFindingId = (typeof SERVER_JSON_FINDING_IDS)[number];
export const SERVER_JSON_FINDING_DEFINITIONS = SERVER_JSON_FINDINGS.byId;

/** Every finding of one declaration against the audit, in the catalogue's order. */
export function compareDeclaration(declaration: Declaration, audited: Audited): Finding<ServerJsonFindingId>[] {
  return RULES.flatMap((rule): Finding<ServerJsonFindingId>[] => rule.check(declaration, audited));
}
