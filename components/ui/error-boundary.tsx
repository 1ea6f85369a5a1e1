'use client';

/** Keeps a rendering failure in one part of the dashboard from blanking the whole page. */
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What was being shown, for the message. */
  what: string;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div
        role="alert"
        data-testid="audit-error"
        data-code="render-error"
        className="rounded-lg bg-rose-50 px-4 py-3 text-sm ring-1 ring-rose-200 ring-inset dark:bg-rose-950/60 dark:ring-rose-900"
      >
        <p className="font-semibold text-slate-900 dark:text-slate-50">
          The dashboard could not show {this.props.what}.
        </p>
        <p className="mt-1 break-words text-slate-800 dark:text-slate-200">{error.message}</p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          What to try: download the JSON report from the CLI (mcp-hintcheck audit --json), or reload the page and run
          the audit again.
        </p>
      </div>
    );
  }
}
