'use client';
/** The sign-in's optional inputs: fewer scopes, and a client registered in advance (id, secret). */
import { MUTED } from '@/components/ui/styles';
import type { SignInFields } from './use-sign-in';

const INPUT =
  'ml-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900';

interface FieldsProps {
  fields: SignInFields;
  onChange: (fields: SignInFields) => void;
}

export function ScopesField({ fields, onChange }: FieldsProps) {
  return (
    <label className={`flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm ${MUTED}`}>
      Fewer scopes (optional)
      <input
        data-testid="sign-in-scopes"
        className="w-full min-w-0 rounded border border-slate-300 px-2 py-1 font-mono text-xs sm:w-80 dark:border-slate-700 dark:bg-slate-900"
        value={fields.scopes}
        placeholder="default: what the server asks for"
        onChange={(event) => {
          onChange({ ...fields, scopes: event.target.value });
        }}
      />
    </label>
  );
}

export function RegisteredClientFields({ fields, onChange }: FieldsProps) {
  return (
    <details className={`text-sm ${MUTED}`}>
      <summary>A client registered in advance (when the server offers no registration)</summary>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <label>
          Client id{' '}
          <input
            data-testid="sign-in-client-id"
            className={INPUT}
            value={fields.clientId}
            autoComplete="off"
            onChange={(event) => {
              onChange({ ...fields, clientId: event.target.value });
            }}
          />
        </label>
        <label>
          Client secret (confidential clients only){' '}
          <input
            data-testid="sign-in-client-secret"
            type="password"
            className={INPUT}
            value={fields.clientSecret}
            autoComplete="off"
            onChange={(event) => {
              onChange({ ...fields, clientSecret: event.target.value });
            }}
          />
        </label>
      </div>
    </details>
  );
}
