/**
 * Anthropic's connector directory (Claude), the rules an audit can check, from its published review
 * criteria (claude.com/docs/connectors/building/review-criteria, read 2026-12-07 through the stored
 * pages corpus). Rules the criteria state that need a person (separate read and write tools, API
 * documentation for custom query tools, authentication types, privacy policy, screenshots) are named
 * in notChecked.
 */
import { annotationsTitle, type ReadinessProfile, type RuleSource } from './profile';

const CRITERIA = 'https://claude.com/docs/connectors/building/review-criteria';
const READ = '2026-12-07';
const source = (quote: string): RuleSource => ({ url: CRITERIA, read: READ, quote });

const isBoolean = (annotations: unknown, hint: string): boolean =>
  typeof annotations === 'object' &&
  annotations !== null &&
  typeof (annotations as Record<string, unknown>)[hint] === 'boolean';

export const CLAUDE_DIRECTORY: ReadinessProfile = {
  id: 'claude-directory',
  name: "Anthropic's connector directory (Claude)",
  rules: [
    {
      id: 'tool-title',
      text: 'Every tool has a title (annotations.title).',
      level: 'required',
      source: source('Every tool must include a title and the applicable hint'),
      check: ({ tools }) => tools.filter((tool) => annotationsTitle(tool) === null).map((tool) => tool.name),
    },
    {
      id: 'tool-hint',
      text: 'Every tool declares the applicable hint: readOnlyHint for reads, destructiveHint for tools that modify or delete.',
      level: 'required',
      source: source(
        'readOnlyHint: true for read-only tools, destructiveHint: true for tools that modify or delete data. These determine auto-permissions in Claude',
      ),
      check: ({ tools }) =>
        tools
          .filter(
            (tool) => !isBoolean(tool.annotations, 'readOnlyHint') && !isBoolean(tool.annotations, 'destructiveHint'),
          )
          .map((tool) => tool.name),
    },
    {
      id: 'tool-name-length',
      text: 'Tool names are 64 characters or fewer.',
      level: 'required',
      source: source('Tool names must be 64 characters or fewer.'),
      check: ({ tools }) => tools.filter((tool) => Array.from(tool.name).length > 64).map((tool) => tool.name),
    },
    {
      id: 'no-hidden-instructions',
      text: 'No tool description carries hidden, obfuscated or encoded instructions (hidden characters, or a critical finding in its text).',
      level: 'required',
      source: source('Tool descriptions are rejected if they: … Contain hidden, obfuscated, or encoded instructions'),
      check: ({ tools }) =>
        tools
          .filter((tool) => tool.flags.some((flag) => flag.id === 'hidden-characters' || flag.severity === 'critical'))
          .map((tool) => tool.name),
    },
  ],
  notChecked: [
    'Separate read and write tools (one tool taking both safe and unsafe HTTP methods is rejected): needs reading what each tool does.',
    'Custom query tools name or link the target API in their description: needs judging which tools take free-form queries.',
    'Descriptions match what the tools do (reviewers call every tool): needs a person, or audit --exercise.',
    'Authentication (OAuth with DCR or CIMD, or none), privacy policy, documentation, test account, screenshots: outside what an audit reads.',
  ],
};
