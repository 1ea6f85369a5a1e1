/**
 * The result findings (issue 37): what a tools/call, resources/read or prompts/get answer carries that
 * a reviewer should see before a model reads it. A result is text written by whoever controls the
 * server or the data behind it (the seed article: "results are text written by strangers"); an
 * instruction inside it is the prompt-injection channel. One rule per file in this folder; this is
 * their catalogue.
 */
import { catalogue, type FindingDefinition } from '../finding';

const REFERENCE =
  'MCP specification, Server features: Tools (tool results), Resources, Prompts; MCP security best practices (prompt injection)';

export const RESULT_INSTRUCTS_MODEL_DEFINITION: FindingDefinition<'result-instructs-model'> = {
  id: 'result-instructs-model',
  severity: 'medium',
  title: 'The result gives the model an order',
  meaning:
    'Text in the result addresses the model rather than reporting data: an override ("ignore previous instructions"), an order to call a tool ("call export_members", "always use …"), secrecy ("do not tell the user") or a notice written for the model ("SECURITY NOTICE:", "IMPORTANT:"). A model reads a result as part of its context; an instruction there is how injected text steers an agent. Even a well-meant notice is an instruction inside a result, which a model may follow or ignore. Heuristic: phrase patterns.',
  doesNotTell:
    'Who wrote the text (the server, or a third party whose data it returns), or whether a given model would obey it. No match proves nothing: an instruction can be phrased in ways no pattern knows.',
  reference: `${REFERENCE}; Anthropic, "Mitigating prompt injection" (do not put instructions in tool results)`,
};

export const RESULT_HIDDEN_CHARACTERS_DEFINITION: FindingDefinition<'result-hidden-characters'> = {
  id: 'result-hidden-characters',
  severity: 'high',
  title: 'Invisible characters in the result',
  meaning:
    'The result holds zero-width, bidirectional-control or Unicode tag characters (the same set as the hidden-characters flag on descriptions). A person reading the result does not see them; a model reads them. They are how instructions are smuggled past a reviewer.',
  doesNotTell: 'What the hidden text says: the result view marks each one as [U+XXXX]; read the raw JSON.',
  reference: REFERENCE,
};

export const RESULT_LINKS_DEFINITION: FindingDefinition<'result-links'> = {
  id: 'result-links',
  severity: 'low',
  title: 'The result holds links',
  meaning:
    'The result holds URLs (in its text, its structured content or as resource links). mcp-hintcheck neither follows nor loads them. A model or host that does may fetch content nobody reviewed, and a link can carry data out in its query string.',
  doesNotTell: 'Where a link leads or whether it is safe: it was not followed.',
  reference: `${REFERENCE}; MCP specification, Resource links`,
};

export const RESULT_UNTRUSTED_ENVELOPE_DEFINITION: FindingDefinition<'result-untrusted-envelope'> = {
  id: 'result-untrusted-envelope',
  severity: 'info',
  title: 'The result is marked as untrusted content',
  meaning:
    'The result wraps its payload in an envelope: the data under one key and, beside it, a key holding a classification (for example `{"_zealySecurity": {"classification": "untrusted", …}, "data": …}`, the seed article\'s server). The server says the data was written by others and must be treated as data, never as instructions. It is a good habit: the label travels with the data.',
  doesNotTell:
    "Whether the client or the model honours the label: the envelope is structural, the model may still follow text inside the data. Filtering tool output before acting on it stays the client's job.",
  reference: `${REFERENCE}; the seed article (untrusted-content envelope)`,
};

const RESULT_FINDINGS = catalogue([
  RESULT_INSTRUCTS_MODEL_DEFINITION,
  RESULT_HIDDEN_CHARACTERS_DEFINITION,
  RESULT_LINKS_DEFINITION,
  RESULT_UNTRUSTED_ENVELOPE_DEFINITION,
]);

export const RESULT_FINDING_IDS = RESULT_FINDINGS.ids;
export type ResultFindingId = (typeof RESULT_FINDING_IDS)[number];
export const RESULT_FINDING_DEFINITIONS = RESULT_FINDINGS.byId;
