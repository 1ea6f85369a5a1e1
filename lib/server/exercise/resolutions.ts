/**
 * tools/resolve of a local server, in the exercise sandbox (issues 33 and 38; the tool-resolution
 * extension): each tool that declares itself resolvable is resolved once, before any call, with the
 * arguments the exercise generates, and watched like a call. Resolution must describe a call without
 * making it, so whatever the sandbox saw meanwhile (traced effects, snapshot changes) is the
 * evidence of `resolve-executed`; an incomplete trace gives no evidence (never "nothing happened").
 */
import type { Attribution } from '../../core/exercise/attribute';
import { describeEffect } from '../../core/exercise/judge';
import { callEffects } from '../../core/exercise/attribute';
import type { Report } from '../../core/report/report';
import type { Resolution } from '../../core/resolve/definitions';
import { MAX_RESOLVED, isResolvable } from '../../core/resolve/resolvable';
import { generatedArguments } from './arguments';
import type { CallEntry, PlannedCall } from './call-loop';

/** One tools/resolve per resolvable tool, first in the session (at most 20). */
export function resolveCalls(report: Pick<Report, 'tools'>): PlannedCall[] {
  return report.tools
    .filter((tool) => isResolvable({ _meta: tool._meta }))
    .slice(0, MAX_RESOLVED)
    .map((tool) => ({
      tool: tool.name,
      round: 1,
      args: generatedArguments(tool),
      from: 'generated' as const,
      method: 'tools/resolve' as const,
    }));
}

/** The resolutions the session made, each with what the sandbox saw while it was answered. */
export function resolutionsOf(
  entries: readonly CallEntry[],
  attribution: Pick<Attribution, 'calls' | 'asideFolders'>,
  report: Pick<Report, 'tools'>,
  incomplete: string | null,
): Resolution[] {
  return entries.flatMap((entry): Resolution[] => {
    if (entry.resolved === undefined) return [];
    const { effects } = callEffects(attribution, entry.window.id, entry.record);
    const tool = report.tools.find((candidate) => candidate.name === entry.call.tool);
    return [
      {
        tool: entry.call.tool,
        staticAnnotations: tool?.annotations,
        argumentsSent: entry.call.args,
        answer: entry.resolved,
        evidence: incomplete !== null ? null : { effects: effects.map(describeEffect) },
      },
    ];
  });
}
