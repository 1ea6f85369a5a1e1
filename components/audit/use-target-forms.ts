'use client';

/**
 * The dashboard's two target forms (a local command, a hosted URL) and the refusal a form caused:
 * their state, editing (which clears the refusal), and the rows a result asks for (an environment
 * variable the server said it needs, an Authorization header), each focused once added.
 */
import { useCallback, useRef, useState } from 'react';
import type { KeyValueRow } from '@/components/ui/key-value-rows';
import type { ShownProblem } from '@/components/ui/problem-list';
import type { HostedTarget, LocalTarget } from './target-request';

const EMPTY_LOCAL: LocalTarget = { mode: 'line', line: '', program: '', args: '', cwd: '', env: [] };
const EMPTY_HOSTED: HostedTarget = { url: '', transport: 'auto', headers: [] };

/** Focuses the input with this data-testid once the row it belongs to is rendered. */
function focusSoon(testId: string): void {
  requestAnimationFrame(() => {
    const input = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
    input?.focus();
    input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

export function useTargetForms() {
  const [local, setLocal] = useState<LocalTarget>(EMPTY_LOCAL);
  const [hosted, setHosted] = useState<HostedTarget>(EMPTY_HOSTED);
  const [formProblem, setFormProblem] = useState<ShownProblem | null>(null);
  const rowCounter = useRef(0);

  const newRow = useCallback((): KeyValueRow => ({ id: ++rowCounter.current, name: '', value: '' }), []);

  /** Adds an environment variable row the server said it needs, and puts the cursor in its value. */
  const addEnv = (name: string): void => {
    const index = local.env.findIndex((row) => row.name.trim() === name);
    if (index === -1) setLocal({ ...local, env: [...local.env, { ...newRow(), name }] });
    focusSoon(`env-value-${index === -1 ? local.env.length : index}`);
  };

  /** Adds an Authorization row to the hosted form and puts the cursor in its value. */
  const addAuthorization = (): void => {
    setHosted({ ...hosted, headers: [...hosted.headers, { ...newRow(), name: 'Authorization' }] });
    focusSoon(`header-value-${hosted.headers.length}`);
  };

  /** Any edit of a form clears the refusal it may have caused. */
  const editLocal = (value: LocalTarget): void => {
    setLocal(value);
    setFormProblem(null);
  };
  const editHosted = (value: HostedTarget): void => {
    setHosted(value);
    setFormProblem(null);
  };

  return {
    local,
    setLocal,
    hosted,
    formProblem,
    setFormProblem,
    newRow,
    addEnv,
    addAuthorization,
    editLocal,
    editHosted,
  };
}
