/**
 * A drift (verify, history diff) in the format asked for: text, JSON, SARIF, JUnit or Markdown.
 */
import { failsGate, type FailOn } from '../core/contract/changes';
import type { Drift } from '../core/contract/drift';
import { pinnedItems } from '../core/contract/item-drift';
import { PIN_NAMES, type ContractFile } from '../core/contract/schema';
import type { Report } from '../core/report';
import { driftToSarif } from '../core/sarif/build';
import { usageError, type OutputFormat } from './args';
import { renderDrift } from './print-drift';
import { driftToJunit } from './print-junit';
import { driftToMarkdown } from './print-markdown';
import type { TextStyle } from './terminal';

export function renderDriftAs(
  format: OutputFormat,
  drift: Drift,
  report: Report,
  context: { failOn: FailOn; label: string; contractUri: string; contractText: string; baseline: ContractFile },
  style: TextStyle,
): string {
  const gating = drift.changes.filter((change) => failsGate(change, context.failOn));
  switch (format) {
    case 'json':
      return `${JSON.stringify({ failOn: context.failOn, gated: gating.length > 0, drift }, null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(driftToSarif(drift, report, { uri: context.contractUri, text: context.contractText }, context.failOn), null, 2)}\n`;
    case 'junit': {
      const pins = context.baseline.kind === 'contract' ? context.baseline.contract.pins : context.baseline.pins;
      return driftToJunit(
        drift,
        report,
        {
          toolNames: context.baseline.kind === 'contract' ? context.baseline.contract.toolNames : [],
          pins: PIN_NAMES.filter((pin) => pins[pin] !== undefined),
          items: context.baseline.kind === 'contract' ? pinnedItems(context.baseline.contract) : [],
        },
        context.failOn,
      );
    }
    case 'markdown':
      return driftToMarkdown(drift, report, context.failOn, context.label);
    case 'csv':
      throw usageError('--format csv is for audits; verify prints text, json, sarif, junit or markdown.');
    case 'text':
      return renderDrift(drift, context.failOn, style, context.label);
  }
}
