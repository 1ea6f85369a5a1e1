/**
 * The catalogue of what a server says about itself elsewhere, checked against what it serves:
 * server.json and server cards (../server-json/), skills (../skills/) and tools/resolve (../resolve/).
 * Its findings live in the Report's `declared` section and reach the one walk of findings
 * (report/findings.ts), so SARIF, JUnit, Markdown and --fail-on read them like any other.
 */
import { SERVER_JSON_FINDING_DEFINITIONS, SERVER_JSON_FINDING_IDS } from '../server-json/definitions';
import { SKILL_FINDING_DEFINITIONS, SKILL_FINDING_IDS } from '../skills/definitions';
import { RESOLVE_FINDING_DEFINITIONS, RESOLVE_FINDING_IDS } from '../resolve/definitions';

export const DECLARED_FINDING_IDS = [...SERVER_JSON_FINDING_IDS, ...SKILL_FINDING_IDS, ...RESOLVE_FINDING_IDS] as const;
export type DeclaredFindingId = (typeof DECLARED_FINDING_IDS)[number];

export const DECLARED_FINDING_DEFINITIONS = {
  ...SERVER_JSON_FINDING_DEFINITIONS,
  ...SKILL_FINDING_DEFINITIONS,
  ...RESOLVE_FINDING_DEFINITIONS,
};

export const isDeclaredFindingId = (id: string): id is DeclaredFindingId =>
  (DECLARED_FINDING_IDS as readonly string[]).includes(id);
