/** A button that saves a file when pressed (download.ts): every export of the report and the OAuth check. */
import type { ReactNode } from 'react';
import { download } from './download';
import { BUTTON } from './styles';

export function DownloadButton({
  testId,
  file,
  children,
}: {
  testId: string;
  /** The file's content, format and name, made when the button is pressed. */
  file: () => Parameters<typeof download>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      className={BUTTON.secondary}
      onClick={() => {
        download(...file());
      }}
    >
      {children}
    </button>
  );
}
