'use client';

/**
 * The client capabilities the audit declares, for both target forms: host (what common hosts
 * declare: roots, sampling, elicitation) or none, and whether to list once more declaring none to
 * name the capability-gated tools (a second connection: for a local server, a second start).
 */
import { useId } from 'react';
import { CAPABILITY_PRESETS, type CapabilityPreset } from '@/lib/core/capabilities/declared';
import { INPUT, LabelledField, MUTED } from '@/components/ui/styles';
import type { CapabilitySettings } from './target-request';

const LABELS: Record<CapabilityPreset, string> = {
  host: 'as a host: roots, sampling, elicitation, tasks (default)',
  none: 'none (what a bare client sees)',
};

export function CapabilitiesField({
  value,
  onChange,
}: {
  value: CapabilitySettings;
  onChange: (value: CapabilitySettings) => void;
}) {
  const id = useId();
  const mode = value.capabilities ?? 'host';
  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <LabelledField id={`${id}-capabilities`} label="Client capabilities">
        <select
          id={`${id}-capabilities`}
          data-testid="capabilities-select"
          aria-describedby={`${id}-capabilities-note`}
          className={`${INPUT} mt-1`}
          value={mode}
          onChange={(event) => {
            const next = CAPABILITY_PRESETS.find((preset) => preset === event.target.value) ?? 'host';
            onChange({ ...value, capabilities: next });
          }}
        >
          {CAPABILITY_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {LABELS[preset]}
            </option>
          ))}
        </select>
      </LabelledField>
      <label className={`flex items-center gap-2 text-sm ${mode === 'none' ? MUTED : ''}`}>
        <input
          type="checkbox"
          data-testid="compare-capabilities"
          checked={mode !== 'none' && value.compareCapabilities === true}
          disabled={mode === 'none'}
          onChange={(event) => {
            onChange({ ...value, compareCapabilities: event.target.checked });
          }}
        />
        Also list without, to name gated tools
      </label>
      <p id={`${id}-capabilities-note`} className={`text-xs sm:col-span-2 ${MUTED}`}>
        Servers may list some tools only to clients that declare a capability. Their requests are answered safely: roots
        with an empty temporary folder, sampling refused, elicitation declined.
      </p>
    </div>
  );
}
