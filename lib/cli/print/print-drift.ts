/**
 * Drift for a terminal: the verdict, then each change on its own line, widening first, with its
 * direction and whether it gates; a changed text is shown word by word under its change ({+added+},
 * [-removed-]). Server text goes through terminalSafe.
 */
import { CHANGE_DEFINITIONS, DIRECTION_LABELS, failsGate, type FailOn } from '../../core/contract/changes';
import type { Drift } from '../../core/contract/drift';
import { textDiffLines } from '../../core/word-diff';
import { terminalSafe, type TextStyle } from './terminal';

export function renderDrift(drift: Drift, failOn: FailOn, style: TextStyle, label: string): string {
  const gating = drift.changes.filter((change) => failsGate(change, failOn));
  const lines = [
    style.bold(
      drift.changes.length === 0
        ? `${label}: no changes`
        : `${label}: ${drift.changes.length} change${drift.changes.length === 1 ? '' : 's'} (widening ${drift.counts.widening}, changed text ${drift.counts.review}, neutral ${drift.counts.neutral}, narrowing ${drift.counts.narrowing})`,
    ),
  ];
  const { before, after } = drift.server;
  if (before !== null && (before.name !== after.name || before.version !== after.version)) {
    lines.push(
      style.dim(
        `server: ${terminalSafe(before.name ?? '?')} ${terminalSafe(before.version ?? '')} -> ${terminalSafe(after.name ?? '?')} ${terminalSafe(after.version ?? '')}`,
      ),
    );
  }
  for (const note of drift.notes) lines.push(style.dim(`note: ${note}`));
  for (const change of drift.changes) {
    const gate = failsGate(change, failOn);
    const tag = `${DIRECTION_LABELS[change.direction].padEnd(9)} ${CHANGE_DEFINITIONS[change.kind].title.toLowerCase()}`;
    const colored =
      change.direction === 'widening'
        ? style.severity('high', tag)
        : gate || change.direction === 'review'
          ? style.severity('medium', tag)
          : style.dim(tag);
    lines.push(` ${gate ? 'x' : '·'} ${colored}: ${terminalSafe(change.message, 1000)}`);
    for (const line of textDiffLines(change.texts, (text) => terminalSafe(text, 4000))) lines.push(`     ${line}`);
  }
  if (gating.length > 0)
    lines.push(
      '',
      `${gating.length} change${gating.length === 1 ? '' : 's'} fail${gating.length === 1 ? 's' : ''} --fail-on ${failOn}.`,
    );
  return `${lines.join('\n')}\n`;
}
