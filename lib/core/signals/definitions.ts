/**
 * The catalogue of signals read from a tool's own words and arguments (one rule per file in this
 * folder), merged into the flag catalogue of lib/core/flags.ts, and each signal's strength: the
 * risk order (risk.ts) breaks ties by the strongest signal a tool carries before its name.
 */
import { catalogue } from '../finding';
import { DELETES_DATA_DEFINITION, DELETES_DATA_ID } from './deletes-data';
import { EXECUTES_CODE_DEFINITION, EXECUTES_CODE_ID } from './executes-code';
import { EXPOSES_SECRETS_DEFINITION, EXPOSES_SECRETS_ID } from './exposes-secrets';
import { MENTIONS_OTHER_TOOL_DEFINITION, MENTIONS_OTHER_TOOL_ID } from './mentioned-tools';
import { SENDS_LOCAL_FILES_DEFINITION, SENDS_LOCAL_FILES_ID } from './sends-local-files';
import { UNRESTRICTED_URL_DEFINITION, UNRESTRICTED_URL_ID } from './unrestricted-url';

/** Every signal finding, once, in the catalogue's order. */
const SIGNAL_FINDINGS = catalogue([
  MENTIONS_OTHER_TOOL_DEFINITION,
  EXECUTES_CODE_DEFINITION,
  SENDS_LOCAL_FILES_DEFINITION,
  EXPOSES_SECRETS_DEFINITION,
  UNRESTRICTED_URL_DEFINITION,
  DELETES_DATA_DEFINITION,
]);

export const SIGNAL_FINDING_IDS = SIGNAL_FINDINGS.ids;
export type SignalFindingId = (typeof SIGNAL_FINDING_IDS)[number];
export const SIGNAL_FINDING_DEFINITIONS = SIGNAL_FINDINGS.byId;

/**
 * Every signal the risk order counts, strongest first, with its strength (3 strongest). Running
 * code, or hiding text from the reader, gives a tool whatever its host can do; sending local files,
 * exposing secrets or naming another tool (a poisoned steer) moves data or power somewhere else; a
 * URL argument or a deletion word says where to look. The strength orders; it does not measure harm.
 */
export const SIGNAL_STRENGTHS = {
  'hidden-characters': 3,
  [EXECUTES_CODE_ID]: 3,
  [SENDS_LOCAL_FILES_ID]: 2,
  [EXPOSES_SECRETS_ID]: 2,
  [MENTIONS_OTHER_TOOL_ID]: 2,
  [UNRESTRICTED_URL_ID]: 1,
  [DELETES_DATA_ID]: 1,
} as const;
export type SignalId = keyof typeof SIGNAL_STRENGTHS;
