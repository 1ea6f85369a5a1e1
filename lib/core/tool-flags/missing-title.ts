/**
 * A tool without `annotations.title`: hosts then show its raw name at the confirmation prompt, and
 * Anthropic's connector directory asks every tool for one (lib/core/readiness/claude-directory.ts).
 */
import { SPEC_TOOLS, type ToolRule } from './rule';

export const missingTitle: ToolRule<'missing-title'> = {
  definitions: {
    'missing-title': {
      id: 'missing-title',
      severity: 'low',
      title: 'No annotations.title',
      meaning:
        "The tool's annotations carry no title (a human-readable name). Hosts fall back to the top-level title or the raw name when they ask a person to approve a call, and directory reviews (Anthropic's connector directory) ask every tool for a title in its annotations.",
      default: "The display name falls back to the tool's title, then its name.",
      doesNotTell: 'Anything about risk: a title is a label, and a misleading one is worse than none.',
      reference: `${SPEC_TOOLS}; Claude connector directory review criteria (claude.com/docs/connectors/building/review-criteria)`,
    },
  },
  check({ analysis, raw }, raise) {
    if (analysis.title !== null && analysis.title.trim() !== '') return;
    const topLevel = typeof raw?.title === 'string' && raw.title.trim() !== '' ? raw.title : null;
    raise(
      'missing-title',
      topLevel === null
        ? 'Has no title: hosts show its raw name.'
        : `Has a top-level title ("${topLevel.slice(0, 60)}") but none in annotations.title.`,
    );
  },
};
