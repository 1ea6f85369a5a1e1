'use client';

/**
 * A hosted server: its URL, the transport (auto tries Streamable HTTP, then legacy SSE) and HTTP
 * headers sent to it only. State is owned by the dashboard and kept in React state only.
 */
import { useId, type SubmitEvent } from 'react';
import { HOSTED_TRANSPORTS, isHostedTransport, type HostedTransport } from '@/lib/core/transports';
import { KeyValueRows, type KeyValueRow } from '@/components/ui/key-value-rows';
import { BUTTON, INPUT, LabelledField, Panel } from '@/components/ui/styles';
import type { UiProblem } from '@/components/ui/ui-problem';
import { headerNameProblem, type HostedTarget } from './target-request';
import { CapabilitiesField } from './capabilities-field';

const TRANSPORT_LABELS: Record<HostedTransport, string> = {
  auto: 'auto (Streamable HTTP, then SSE)',
  'streamable-http': 'Streamable HTTP',
  sse: 'legacy HTTP+SSE',
};

interface HostedFormProps {
  /** The field the last refusal was about: highlighted (aria-invalid) until the input changes. */
  invalidField?: UiProblem['field'];
  value: HostedTarget;
  onChange: (value: HostedTarget) => void;
  onRun: () => void;
  running: boolean;
  newRow: () => KeyValueRow;
}

function TransportSelect({ id, value, onChange }: { id: string } & Pick<HostedFormProps, 'value' | 'onChange'>) {
  return (
    <LabelledField id={`${id}-transport`} label="Transport">
      <select
        id={`${id}-transport`}
        data-testid="transport-select"
        className={`${INPUT} mt-1`}
        value={value.transport}
        onChange={(event) => {
          const transport = isHostedTransport(event.target.value) ? event.target.value : 'auto';
          onChange({ ...value, transport });
        }}
      >
        {HOSTED_TRANSPORTS.map((transport) => (
          <option key={transport} value={transport}>
            {TRANSPORT_LABELS[transport]}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

export function HostedTargetForm({ value, onChange, onRun, running, newRow, invalidField }: HostedFormProps) {
  const id = useId();
  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    if (!running) onRun();
  };
  return (
    <Panel title="Hosted server (URL)" headingId={`${id}-hosted`}>
      <form onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-hosted`} noValidate>
        <LabelledField id={`${id}-url`} label="MCP endpoint URL">
          <input
            id={`${id}-url`}
            data-testid="target-url"
            aria-invalid={invalidField === 'url'}
            type="url"
            inputMode="url"
            className={`${INPUT} mt-1 font-mono`}
            value={value.url}
            placeholder="https://mcp.example.com/mcp"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              onChange({ ...value, url: event.target.value });
            }}
          />
        </LabelledField>
        <TransportSelect id={id} value={value} onChange={onChange} />
        <KeyValueRows
          legend="HTTP headers"
          description="Sent to this server only. Values never appear in the report."
          rows={value.headers}
          onChange={(headers) => {
            onChange({ ...value, headers });
          }}
          newRow={newRow}
          testPrefix="header"
          addLabel="Add header"
          nameLabel="Header name"
          valueLabel="Header value"
          namePlaceholder="Authorization"
          valuePlaceholder="Bearer …"
          nameProblem={headerNameProblem}
        />
        <CapabilitiesField
          value={value}
          onChange={(settings) => {
            onChange({ ...value, ...settings });
          }}
        />
        <div className="pt-1">
          <button type="submit" data-testid="run-url" className={BUTTON.primary} disabled={running}>
            Audit URL
          </button>
        </div>
      </form>
    </Panel>
  );
}
