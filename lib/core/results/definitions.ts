/**
 * The result findings (issue 37): what a tools/call, resources/read or prompts/get answer carries that
 * a reviewer should see before a model reads it. A result is text written by whoever controls the
 * server or the data behind it (the seed article: "results are text written by strangers"); an
 * instruction inside it is the prompt-injection channel. One rule per file in this folder (its
 * definition and check, run by inspect.ts); this is their catalogue.
 */
import { catalogue } from '../finding';
import { RESULT_UNTRUSTED_ENVELOPE_DEFINITION } from './envelope';
import { RESULT_HIDDEN_CHARACTERS_DEFINITION } from './hidden-characters';
import { RESULT_INSTRUCTS_MODEL_DEFINITION } from './instructions';
import { RESULT_LINKS_DEFINITION } from './links';
import { RESULT_HOLDS_SECRET_DEFINITION } from './secrets';

const RESULT_FINDINGS = catalogue([
  RESULT_HOLDS_SECRET_DEFINITION,
  RESULT_INSTRUCTS_MODEL_DEFINITION,
  RESULT_HIDDEN_CHARACTERS_DEFINITION,
  RESULT_LINKS_DEFINITION,
  RESULT_UNTRUSTED_ENVELOPE_DEFINITION,
]);

export const RESULT_FINDING_IDS = RESULT_FINDINGS.ids;
export type ResultFindingId = (typeof RESULT_FINDING_IDS)[number];
export const RESULT_FINDING_DEFINITIONS = RESULT_FINDINGS.byId;
