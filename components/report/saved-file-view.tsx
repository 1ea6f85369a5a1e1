'use client';

/** The view of a saved file that is not a single report: a batch, a contract or an OAuth check (use-saved-file.ts). */
import type { Report } from '@/lib/core/report/report';
import { OAuthPanel } from '@/components/oauth/oauth-panel';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { MUTED } from '@/components/ui/styles';
import { SavedBatchView } from './saved-batch-view';
import { SavedContractView } from './saved-contract-view';
import type { ShownFile } from './use-saved-file';

interface SavedFileViewProps {
  shown: ShownFile;
  openId: string | null;
  onOpenReport: (id: string, name: string, report: Report) => void;
}

export function SavedFileView({ shown, openId, onOpenReport }: SavedFileViewProps) {
  const { file, name } = shown;
  return (
    <ErrorBoundary key={name} what="the saved file">
      {file.kind === 'batch' ? (
        <SavedBatchView batch={file.batch} fileName={name} openId={openId} onOpenReport={onOpenReport} />
      ) : file.kind === 'contract' ? (
        <SavedContractView file={file.contract} fileName={name} />
      ) : (
        <div className="space-y-2" data-testid="saved-oauth">
          <p className={`text-sm ${MUTED}`}>
            Saved OAuth check: {name}. It was made without credentials; audit the URL again for today&apos;s answers.
          </p>
          <OAuthPanel oauth={file.oauth} date="" jsonExport={false} headingId="saved-oauth-heading" />
        </div>
      )}
    </ErrorBoundary>
  );
}
