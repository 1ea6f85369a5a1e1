'use client';
/**
 * The keyboard of a modal dialog drawn in the page (WAI-ARIA APG dialog pattern): focus moves into it
 * when it opens (its first Tab stop, else the dialog), Tab and Shift+Tab go round inside it, Escape
 * closes it. Returning focus to the opener is the opener's job (it knows when the dialog is gone).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';

/** The Tab stops inside `root`, in order: enabled controls and named scroll regions (tabindex 0). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      'button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), a[href], [tabindex="0"]',
    ),
  ];
}

export function useModalFocus(onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    (focusables(dialog)[0] ?? dialog).focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || ref.current === null) return;
    const inside = focusables(ref.current);
    const first = inside[0];
    const last = inside.at(-1);
    if (first === undefined || last === undefined) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return { ref, onKeyDown };
}
