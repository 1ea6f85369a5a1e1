'use client';
/**
 * Copies a text to the clipboard (navigator.clipboard) and says so in a polite live region; a
 * refused copy (no permission, an insecure page) is said too.
 */
import { useState } from 'react';
import { BUTTON } from '@/components/ui/styles';

export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const [said, setSaid] = useState('');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('The browser refused the copy.');
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <button type="button" data-testid={testId} onClick={() => void copy()} className={BUTTON.ghost}>
        {label}
      </button>
      <span role="status" className="text-xs">
        {said}
      </span>
    </span>
  );
}
