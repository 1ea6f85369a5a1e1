/**
 * OpenAI's ChatGPT apps directory, the rules an audit can check. OpenAI's app submission guidelines
 * (developers.openai.com/apps-sdk/app-submission-guidelines) were found but their tool rules could not
 * be read in the stored corpus, so the rules below cite OpenAI's own submission skill
 * (github.com/openai/plugins, plugins/openai-developers/skills/chatgpt-app-submission/SKILL.md, read
 * 2026-12-07), which states what the submission form checks.
 */
import type { ReadinessProfile, RuleSource } from './profile';

const SKILL =
  'https://github.com/openai/plugins/blob/main/plugins/openai-developers/skills/chatgpt-app-submission/SKILL.md';
const READ = '2026-12-07';
const source = (quote: string): RuleSource => ({ url: SKILL, read: READ, quote });
const HINTS = ['readOnlyHint', 'destructiveHint', 'openWorldHint'] as const;

export const OPENAI_DIRECTORY: ReadinessProfile = {
  id: 'openai-directory',
  name: "OpenAI's ChatGPT apps directory",
  rules: [
    {
      id: 'explicit-hints',
      text: 'Every tool sets readOnlyHint, destructiveHint and openWorldHint explicitly (true or false, not missing or null).',
      level: 'required',
      source: source(
        'ChatGPT Apps submissions require every tool to set all three hints explicitly. Missing or null hints are submission blockers, even if MCP clients may have protocol-level defaults.',
      ),
      check: ({ tools }) =>
        tools.flatMap((tool) => {
          const annotations =
            typeof tool.annotations === 'object' && tool.annotations !== null
              ? (tool.annotations as Record<string, unknown>)
              : {};
          const missing = HINTS.filter((hint) => typeof annotations[hint] !== 'boolean');
          return missing.length === 0 ? [] : [`${tool.name} (${missing.join(', ')})`];
        }),
    },
    {
      id: 'narrow-csp',
      text: 'Widget CSP domains are narrow: no wildcard domain.',
      level: 'advisory',
      source: source('CSP values should be as narrow as the implementation supports. Flag wildcard domains'),
      check: ({ apps }) =>
        (apps?.resources ?? [])
          .filter((resource) => resource.flags.some((flag) => flag.id === 'app-csp-domain'))
          .map((resource) => resource.uri),
    },
    {
      id: 'output-schema',
      text: 'Every tool declares an outputSchema (a warning, not a blocker).',
      level: 'advisory',
      source: source('Missing `outputSchema` is not a blocker'),
      check: ({ tools }) =>
        tools.filter((tool) => tool.outputSchema === undefined || tool.outputSchema === null).map((tool) => tool.name),
    },
  ],
  notChecked: [
    'Hints match what each tool does, with a justification per hint: needs reading the implementation, or audit --exercise.',
    'Input schemas do not ask for sensitive data (PHI, PCI, credentials, government IDs) unless needed: needs judgement.',
    'Tool names and descriptions match the action: needs a person.',
    "The rules of OpenAI's app submission guidelines page itself: found, but its tool section could not be read here, so none is graded from it.",
  ],
};
