/** junit: JUnit XML for CI test reports; a test fails where the --fail-on gate does. */
import type { FormatDefinition } from './definition';

export const junit: FormatDefinition<'junit'> = {
  name: 'junit',
  description: 'JUnit XML for CI test reports (a test fails where --fail-on gates)',
  file: { extension: 'xml', mediaType: 'application/xml' },
  safeAs: 'markup',
  render: {
    audit: async ({ report, failOn }) => (await import('../print/print-junit')).auditToJunit(report, failOn),
    drift: async ({ drift, report, baseline, failOn }) => {
      const [{ driftToJunit }, { pinnedItems }, { PIN_NAMES }] = await Promise.all([
        import('../print/print-junit'),
        import('../../core/contract/item-drift'),
        import('../../core/contract/schema'),
      ]);
      const pins = baseline.kind === 'contract' ? baseline.contract.pins : baseline.pins;
      return driftToJunit(
        drift,
        report,
        {
          toolNames: baseline.kind === 'contract' ? baseline.contract.toolNames : [],
          pins: PIN_NAMES.filter((pin) => pins[pin] !== undefined),
          items: baseline.kind === 'contract' ? pinnedItems(baseline.contract) : [],
        },
        failOn,
      );
    },
  },
};
