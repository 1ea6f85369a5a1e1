/**
 * The catalogue of signals read from a tool's own words and arguments (one rule per file in this
 * folder, signal-rule.ts says what one is), merged into the flag catalogue of lib/core/flags/catalogue.ts, and each signal's strength: the
 * risk order (report/risk.ts) breaks ties by the strongest signal a tool carries before its effect.
 */
import { catalogue, type DefinitionsOf } from '../finding';
import type { Severity } from '../severity';
import { DELETES_DATA_ID, deletesDataRule } from './deletes-data';
import { EXECUTES_CODE_ID, executesCodeRule } from './executes-code';
import { EXPOSES_SECRETS_ID, exposesSecretsRule } from './exposes-secrets';
import { MENTIONS_OTHER_TOOL_DEFINITION, MENTIONS_OTHER_TOOL_ID } from './mentioned-tools';
import { SENDS_LOCAL_FILES_ID, sendsLocalFilesRule } from './sends-local-files';
import { UNCONFINED_PATH_ID, unconfinedPathRule } from './unconfined-path';
import { UNRESTRICTED_URL_ID, unrestrictedUrlRule } from './unrestricted-url';
import { UNTRUSTED_CONTENT_ID, untrustedContentRule } from './untrusted-content';

/** The signals read from a tool's own words and arguments, in the order they run (tool-signals.ts). */
export const SIGNAL_RULES = [
  executesCodeRule,
  sendsLocalFilesRule,
  exposesSecretsRule,
  unrestrictedUrlRule,
  unconfinedPathRule,
  deletesDataRule,
  untrustedContentRule,
] as const;

/**
 * Every signal finding, once, in the catalogue's order: mentions-other-tool (raised in
 * lib/core/flags/catalogue.ts, where the listing's other tools are known), then the rules.
 */
const SIGNAL_FINDINGS = catalogue([
  MENTIONS_OTHER_TOOL_DEFINITION,
  ...(SIGNAL_RULES.map((rule) => rule.definition) as unknown as DefinitionsOf<typeof SIGNAL_RULES>),
]);

export const SIGNAL_FINDING_IDS = SIGNAL_FINDINGS.ids;
export type SignalFindingId = (typeof SIGNAL_FINDING_IDS)[number];
export const SIGNAL_FINDING_DEFINITIONS = SIGNAL_FINDINGS.byId;

/**
 * Every signal the risk order counts, strongest first, with its strength by the severity it is
 * raised with (9 strongest; a severity not listed takes the signal's strongest). A rule raises a
 * milder case of its signal with a lower severity, so strength within a signal is read from the
 * flag itself:
 *  9  evidence of an attack in the text (prompt-injection; preference-manipulation where it tells
 *     the model to shun other tools: critical, lib/core/poisoning/); hidden characters; code
 *     execution of anything at all ("arbitrary", "unsafe", "RCE", a shell or terminal process): the
 *     tool can do whatever its host can;
 *  8  secrets returned (the whole environment, credentials): the server's keys in front of the model;
 *  7  code of a stated kind (evaluate JavaScript in a page, run a SQL query);
 *  6  local files sent elsewhere;
 *  5  an order to call another tool (a poisoned steer borrows that tool's power);
 *  4  secrets named in the tool's name or first sentence, nothing said about returning them;
 *  3  any URL;  2  a deletion;
 *  0  a cross-reference to another tool (documentation), untrusted content (where text comes from,
 *     not what the tool can do), a tool asking to be chosen first (a low preference-manipulation):
 *     counted among the signals, no strength.
 * The strength orders; it does not measure harm. LIFTING_STRENGTH and above lift the tool's level.
 */
export const SIGNAL_STRENGTHS = {
  // Raised by the tool rule of lib/core/poisoning/ (named here, as hidden-characters is: no import back).
  'prompt-injection': { critical: 9 },
  'preference-manipulation': { critical: 9, low: 0 },
  'hidden-characters': { high: 9 },
  [EXECUTES_CODE_ID]: { high: 9, medium: 7 },
  [EXPOSES_SECRETS_ID]: { high: 8, medium: 4 },
  [SENDS_LOCAL_FILES_ID]: { high: 6 },
  [MENTIONS_OTHER_TOOL_ID]: { medium: 5, low: 0 },
  [UNRESTRICTED_URL_ID]: { medium: 3 },
  [UNCONFINED_PATH_ID]: { medium: 3 },
  [DELETES_DATA_ID]: { low: 2 },
  [UNTRUSTED_CONTENT_ID]: { low: 0 },
} as const satisfies Record<string, Partial<Record<Severity, number>>>;
export type SignalId = keyof typeof SIGNAL_STRENGTHS;

/** Strengths from which a signal lifts a read-only or additive tool to the destructive level (report/risk.ts). */
export const LIFTING_STRENGTH = 8;

/** A raised signal's strength: by its severity, or the signal's strongest where that severity is not listed. */
export function strengthOf(id: SignalId, severity: Severity): number {
  const table: Partial<Record<Severity, number>> = SIGNAL_STRENGTHS[id];
  return table[severity] ?? Math.max(...Object.values(table));
}
