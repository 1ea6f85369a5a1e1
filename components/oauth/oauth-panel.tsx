'use client';

/**
 * The unauthenticated OAuth check of a hosted server, as the article's three lessons first (who
 * issues tokens, how many scopes, what the transport accepts), then the findings with their
 * explanations, the documents as fetched (pretty JSON, collapsible) and every URL tried. Every
 * string here came from the server or from its documents: React text only, never markup, and no
 * URL from them becomes a link.
 */
import type { ReactNode } from 'react';
import { NO_AUTH_FINDING } from '@/lib/core/oauth/list-tools-gate';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { plural } from '@/components/ui/display-format';
import { MUTED, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { NoAuthBanner, UnreachableBanner } from './banners';
import { Documents } from './documents';
import { Findings } from './findings-list';
import { Lessons } from './lessons-list';
import { OAuthExportButtons } from './oauth-export-buttons';
import { ProbeTable } from './probe-table';

interface OAuthPanelProps {
  oauth: OAuthReport;
  /** When the check ran (ISO), for the file names. */
  date: string;
  /** Offer the OAuth report alone as JSON (when no audit report carries it yet). */
  jsonExport: boolean;
  /** The next step (List tools), shown under the lessons. */
  action?: ReactNode;
  headingId?: string;
}

export function OAuthPanel({ oauth, date, jsonExport, action, headingId = 'oauth-panel-heading' }: OAuthPanelProps) {
  const noAuth = oauth.findings.find((finding) => finding.id === NO_AUTH_FINDING);
  return (
    <Panel
      title="Who guards this server"
      headingId={headingId}
      testId="oauth-panel"
      actions={<OAuthExportButtons oauth={oauth} date={date} json={jsonExport} />}
    >
      <div className="space-y-5">
        <p className={`-mt-2 text-sm break-all ${MUTED}`}>
          Checked without credentials:{' '}
          <code className="font-mono text-xs text-slate-800 dark:text-slate-200">
            <VisibleText text={oauth.url} controls />
          </code>{' '}
          · {plural(oauth.probes.length, 'URL')} tried
        </p>
        {noAuth !== undefined ? <NoAuthBanner message={noAuth.message} /> : null}
        {!oauth.reachable ? <UnreachableBanner oauth={oauth} /> : null}
        {/* An unreachable URL taught nothing about scopes or documents: show only what was learned. */}
        {oauth.reachable ? <Lessons oauth={oauth} /> : null}
        {action}
        {oauth.reachable || oauth.findings.length > 0 ? <Findings oauth={oauth} /> : null}
        {oauth.reachable ? <Documents oauth={oauth} /> : null}
        <ProbeTable oauth={oauth} />
      </div>
    </Panel>
  );
}
