'use client';

/**
 * The unauthenticated OAuth check of a hosted server, as the article's three lessons first (who
 * issues tokens, how many scopes, what the transport accepts), then the findings with their
 * explanations, the documents as fetched (pretty JSON, collapsible) and every URL tried. Every
 * string here came from the server or from its documents: React text only, never markup, and no
 * URL from them becomes a link.
 */
import type { ReactNode } from 'react';
import { oauthFindingsToCsv } from '@/lib/core/csv';
import { ENDPOINT_PURPOSE, type OAuthReport } from '@/lib/core/oauth';
import { SeverityLabel } from '@/components/ui/badges';
import { fileSlug, formatDuration, plural } from '@/components/ui/display-format';
import { download } from '@/components/report/export-buttons';
import type { KeyValueRow } from '@/components/ui/key-value-rows';
import { BUTTON, MUTED, PRE, Panel } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';

type Probe = OAuthReport['probes'][number];

const NO_AUTH = 'no-auth-required';

export function answersWithoutAuth(oauth: OAuthReport): boolean {
  return oauth.findings.some((finding) => finding.id === NO_AUTH);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** mcp-hintcheck-oauth-<host>-<yyyy-mm-dd>.<ext>, like the report's own downloads. */
export function oauthDownloadName(oauth: OAuthReport, date: string, extension: 'csv' | 'json'): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? new Date().toISOString().slice(0, 10);
  return `mcp-hintcheck-oauth-${fileSlug(hostOf(oauth.url))}-${day}.${extension}`;
}

function OAuthExportButtons({ oauth, date, json }: { oauth: OAuthReport; date: string; json: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        data-testid="export-oauth-csv"
        className={BUTTON.secondary}
        onClick={() => {
          download(oauthFindingsToCsv(oauth), 'text/csv;charset=utf-8', oauthDownloadName(oauth, date, 'csv'));
        }}
      >
        Download OAuth findings CSV
      </button>
      {json ? (
        <button
          type="button"
          data-testid="export-oauth-json"
          className={BUTTON.secondary}
          onClick={() => {
            download(`${JSON.stringify(oauth, null, 2)}\n`, 'application/json', oauthDownloadName(oauth, date, 'json'));
          }}
        >
          Download OAuth JSON
        </button>
      ) : null}
    </div>
  );
}

const H3 = `text-xs font-semibold tracking-wide uppercase ${MUTED}`;

// ---------------------------------------------------------------------------------------------
// The three lessons

const SCOPE_SOURCE: Record<OAuthReport['scopeSource'], string> = {
  challenge: 'from the WWW-Authenticate challenge (its scope parameter)',
  metadata: "from the protected-resource metadata's scopes_supported",
  none: 'advertised neither in the challenge nor in the metadata',
};

function Lesson({
  number,
  question,
  testId,
  text,
  children,
}: {
  number: number;
  question: string;
  testId: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset dark:bg-slate-950/60 dark:ring-slate-800">
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-sky-800 uppercase dark:text-sky-300">
        <span
          aria-hidden="true"
          className="inline-flex size-5 items-center justify-center rounded-full bg-sky-100 text-[0.7rem] text-sky-900 dark:bg-sky-900 dark:text-sky-100"
        >
          {number}
        </span>
        {question}
      </dt>
      <dd className="mt-2">
        <p
          data-testid={testId}
          className="text-[0.95rem] leading-snug font-medium break-words text-slate-900 dark:text-slate-50"
        >
          <VisibleText text={text} />
        </p>
        {children}
      </dd>
    </div>
  );
}

function Lessons({ oauth }: { oauth: OAuthReport }) {
  return (
    <dl className="grid gap-3 md:grid-cols-3">
      <Lesson number={1} question="Who issues tokens" testId="oauth-lesson-issuer" text={oauth.lessons.issuer} />
      <Lesson number={2} question="How many scopes" testId="oauth-lesson-scopes" text={oauth.lessons.scopes}>
        <div data-testid="oauth-scopes" data-source={oauth.scopeSource} className="mt-2">
          {oauth.scopes.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label="Scopes">
              {oauth.scopes.map((scope, i) => (
                <li
                  // Scopes are listed in the order the server gave them; the same name may repeat.
                  key={i}
                  data-testid="oauth-scope"
                  className="rounded bg-white px-1.5 py-px font-mono text-xs text-slate-800 ring-1 ring-slate-300 ring-inset dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700"
                >
                  <VisibleText text={scope} controls />
                </li>
              ))}
            </ul>
          ) : null}
          <p className={`mt-1 text-xs ${MUTED}`}>
            {oauth.scopes.length > 0 ? 'Scopes ' : 'Scopes are '}
            {SCOPE_SOURCE[oauth.scopeSource]}.
          </p>
        </div>
      </Lesson>
      <Lesson
        number={3}
        question="What the transport accepts"
        testId="oauth-lesson-transport"
        text={oauth.lessons.transport}
      />
    </dl>
  );
}

// ---------------------------------------------------------------------------------------------
// Banners

function NoAuthBanner({ message }: { message: string }) {
  return (
    <div
      data-testid="oauth-no-auth"
      className="flex gap-3 rounded-lg bg-rose-700 px-4 py-3 text-white shadow-sm dark:bg-rose-800"
    >
      <span aria-hidden="true" className="mt-px text-lg leading-none">
        ⚠
      </span>
      <div className="min-w-0">
        <p className="font-semibold">This server answers anyone without authorization</p>
        <p className="mt-0.5 text-sm break-words text-rose-50">
          <VisibleText text={message} />
        </p>
      </div>
    </div>
  );
}

function UnreachableBanner({ oauth }: { oauth: OAuthReport }) {
  const failed = oauth.probes.filter((probe) => probe.error !== null).slice(0, 3);
  return (
    <div
      data-testid="oauth-unreachable"
      role="alert"
      className="rounded-lg bg-rose-50 px-4 py-3 text-sm ring-1 ring-rose-200 ring-inset dark:bg-rose-950/60 dark:ring-rose-900"
    >
      <p className="font-semibold break-all text-slate-900 dark:text-slate-50">
        mcp-hintcheck could not reach <VisibleText text={oauth.url} controls />
      </p>
      <p className="mt-0.5 text-slate-700 dark:text-slate-300">
        Not one request got an HTTP answer, so nothing below says who guards it.
      </p>
      {failed.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {failed.map((probe, i) => (
            <li
              // The first failed probes, in the order they were made.
              key={i}
              className="break-words text-slate-800 dark:text-slate-200"
            >
              <code className="rounded bg-rose-100 px-1.5 py-px font-mono text-xs text-rose-800 dark:bg-rose-900 dark:text-rose-100">
                {probe.error?.kind}
              </code>{' '}
              <span className={MUTED}>
                {probe.method} <VisibleText text={probe.url} controls />:
              </span>{' '}
              <VisibleText text={probe.error?.message ?? ''} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        <span className="font-medium">What to try: </span>check the URL and that the server is running, then run the
        check again.
      </p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Findings

function Findings({ oauth }: { oauth: OAuthReport }) {
  return (
    <section aria-label="Findings" className="min-w-0">
      <h3 className={`${H3} mb-2`}>Findings ({oauth.findings.length})</h3>
      {oauth.findings.length === 0 ? (
        <p className={`text-sm italic ${MUTED}`}>Nothing to report about this server&apos;s authorization.</p>
      ) : (
        <ul className="space-y-2" data-testid="oauth-findings">
          {oauth.findings.map((finding, i) => (
            <li
              // Findings are shown in the order the report gives them and never reordered.
              key={i}
              data-testid="oauth-finding"
              data-finding-id={finding.id}
              data-severity={finding.severity}
              className={`rounded-lg px-3.5 py-2.5 ring-1 ring-inset ${
                finding.id === NO_AUTH
                  ? 'bg-rose-50 ring-rose-300 dark:bg-rose-950/60 dark:ring-rose-800'
                  : 'bg-white ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
              }`}
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <SeverityLabel severity={finding.severity} />
                <code className="font-mono text-xs font-semibold text-slate-900 dark:text-slate-100">{finding.id}</code>
              </div>
              <p className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">
                <VisibleText text={finding.message} />
              </p>
              <p className="mt-1 text-xs leading-relaxed break-words text-slate-600 dark:text-slate-400">
                <VisibleText text={finding.explanation} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Documents

function Tag({ tone, children }: { tone: 'good' | 'warn' | 'none'; children: ReactNode }) {
  const style = {
    good: 'bg-teal-50 text-teal-800 ring-teal-600/30 dark:bg-teal-950 dark:text-teal-200 dark:ring-teal-400/30',
    warn: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-500/50',
    none: 'bg-slate-100 text-slate-700 ring-slate-400/50 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-500/50',
  }[tone];
  return (
    <span
      className={`inline-block rounded px-1.5 py-px text-[0.65rem] font-semibold tracking-wide whitespace-nowrap uppercase ring-1 ring-inset ${style}`}
    >
      {children}
    </span>
  );
}

function DocumentCard({
  title,
  tags,
  location,
  testId,
  className = '',
  children,
}: {
  title: string;
  tags?: ReactNode;
  /** Where the document came from: URLs in monospace, or a phrase. */
  location: { url: ReactNode } | { text: string };
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details
      open
      data-testid={testId}
      className={`group min-w-0 rounded-lg ${className} bg-white ring-1 ring-slate-200 ring-inset dark:bg-slate-900 dark:ring-slate-800`}
    >
      <summary className="flex cursor-pointer list-none items-start gap-2 rounded-lg px-3 py-2.5 select-none hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className={`mt-0.5 inline-block w-3 text-xs transition-transform group-open:rotate-90 ${MUTED}`}
        >
          ▶
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm font-medium text-slate-900 dark:text-slate-50">{title}</span>
            {tags}
          </span>
          {'url' in location ? (
            <span className={`mt-0.5 block font-mono text-xs break-all ${MUTED}`}>{location.url}</span>
          ) : (
            <span className={`mt-0.5 block text-xs ${MUTED}`}>{location.text}</span>
          )}
        </span>
      </summary>
      <div className="min-w-0 px-3 pb-3">{children}</div>
    </details>
  );
}

function JsonDocument({ document, testId, label }: { document: unknown; testId: string; label: string }) {
  if (typeof document === 'string') {
    return (
      <>
        <p className={`mb-1.5 text-xs ${MUTED}`}>Not a JSON object: the start of the body as sent.</p>
        <pre
          data-testid={testId}
          tabIndex={0}
          aria-label={label}
          className={`${PRE} max-h-80 break-all whitespace-pre-wrap`}
        >
          <VisibleText text={document} />
        </pre>
      </>
    );
  }
  return (
    <pre data-testid={testId} tabIndex={0} aria-label={label} className={`${PRE} max-h-80`}>
      {prettyJson(document)}
    </pre>
  );
}

function Missing({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p data-testid={testId} className={`text-sm italic ${MUTED}`}>
      {children}
    </p>
  );
}

function ChallengeCard({ oauth }: { oauth: OAuthReport }) {
  const raw = oauth.probes.find((probe) => probe.wwwAuthenticate !== null)?.wwwAuthenticate ?? null;
  const { challenge } = oauth;
  const rows: [string, string | null][] =
    challenge === null
      ? []
      : [
          ['scheme', challenge.scheme],
          ['resource_metadata', challenge.resourceMetadata],
          ['scope', challenge.scope],
          ['error', challenge.error],
        ];
  return (
    <DocumentCard
      title="WWW-Authenticate challenge"
      testId="oauth-challenge"
      tags={challenge === null ? <Tag tone="none">none</Tag> : <Tag tone="good">Bearer</Tag>}
      location={{ text: "The endpoint's answer to POST initialize without credentials." }}
      className="lg:col-span-2"
    >
      {challenge === null ? (
        <Missing>
          {raw === null
            ? 'The endpoint sent no WWW-Authenticate header.'
            : 'The endpoint sent a WWW-Authenticate header without a Bearer challenge.'}
        </Missing>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
          {rows.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className={`font-mono ${MUTED}`}>{name}</dt>
              <dd className="font-mono break-all text-slate-900 dark:text-slate-100">
                {value === null ? <span className={`italic ${MUTED}`}>not sent</span> : <VisibleText text={value} />}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {raw !== null ? (
        <pre
          data-testid="oauth-www-authenticate"
          tabIndex={0}
          aria-label="The WWW-Authenticate header as sent"
          className={`${PRE} mt-2 max-h-40 break-all whitespace-pre-wrap`}
        >
          <VisibleText text={raw} />
        </pre>
      ) : null}
    </DocumentCard>
  );
}

function Documents({ oauth }: { oauth: OAuthReport }) {
  const prm = oauth.protectedResource;
  const hasPrm = prm.document !== null && prm.document !== undefined;
  return (
    <section aria-label="Documents" className="min-w-0">
      <h3 className={`${H3} mb-2`}>Documents</h3>
      <div className="grid items-start gap-3 lg:grid-cols-2">
        <ChallengeCard oauth={oauth} />
        <DocumentCard
          title="Protected-resource metadata (RFC 9728)"
          testId="oauth-prm"
          tags={
            !hasPrm ? (
              <Tag tone="none">not found</Tag>
            ) : prm.used ? (
              <Tag tone="good">used</Tag>
            ) : (
              <span data-testid="oauth-prm-not-used">
                <Tag tone="warn">not used</Tag>
              </span>
            )
          }
          location={
            prm.url === null ? { text: 'No location answered.' } : { url: <VisibleText text={prm.url} controls /> }
          }
          className={oauth.authorizationServers.length === 0 ? 'lg:col-span-2' : ''}
        >
          {hasPrm ? (
            <>
              {!prm.used ? (
                <p className="mb-1.5 text-xs text-amber-800 dark:text-amber-300">
                  Not used: this document cannot describe this server (see the findings), so the check ignored it.
                </p>
              ) : null}
              <JsonDocument
                document={prm.document}
                testId="oauth-prm-document"
                label="Protected-resource metadata as fetched"
              />
            </>
          ) : (
            <Missing testId="oauth-prm-missing">No document was found at the locations tried (see below).</Missing>
          )}
        </DocumentCard>
        {oauth.authorizationServers.map((server, i) => (
          <DocumentCard
            // Authorization servers keep the metadata's order; the same issuer may be listed twice.
            key={i}
            title="Authorization-server metadata"
            testId="oauth-as"
            tags={server.document === null || server.document === undefined ? <Tag tone="none">not found</Tag> : null}
            location={{
              url: (
                <>
                  <span className="block">
                    issuer <VisibleText text={server.issuer} controls />
                  </span>
                  {server.metadataUrl !== null ? (
                    <span className="block">
                      from <VisibleText text={server.metadataUrl} controls />
                    </span>
                  ) : null}
                </>
              ),
            }}
          >
            {server.document === null || server.document === undefined ? (
              <Missing>No usable metadata at the locations tried (see below).</Missing>
            ) : (
              <JsonDocument
                document={server.document}
                testId="oauth-as-document"
                label={`Authorization-server metadata of ${server.issuer}`}
              />
            )}
          </DocumentCard>
        ))}
      </div>
      {oauth.authorizationServers.length === 0 ? (
        <p className={`mt-2 text-xs ${MUTED}`}>
          No authorization server was looked up: only usable protected-resource metadata names one.
        </p>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Every URL tried

function statusTone(status: number): string {
  if (status < 300) return 'text-teal-700 dark:text-teal-300';
  if (status < 400) return 'text-sky-700 dark:text-sky-300';
  if (status < 500) return 'text-amber-800 dark:text-amber-300';
  return 'text-rose-700 dark:text-rose-300';
}

function ProbeResult({ probe }: { probe: Probe }) {
  if (probe.error !== null) {
    return (
      <>
        <code className="rounded bg-rose-100 px-1.5 py-px font-mono text-xs text-rose-800 dark:bg-rose-900 dark:text-rose-100">
          {probe.error.kind}
        </code>
        <span className="mt-0.5 block text-xs break-words text-slate-700 dark:text-slate-300">
          <VisibleText text={probe.error.message} />
        </span>
      </>
    );
  }
  return (
    <>
      <span className={`font-mono font-semibold tabular-nums ${statusTone(probe.status ?? 0)}`}>
        {probe.status ?? '—'}
      </span>
      {probe.contentType !== null ? (
        <span className={`mt-0.5 block font-mono text-xs break-all ${MUTED}`}>
          <VisibleText text={probe.contentType} controls />
        </span>
      ) : null}
      {probe.wwwAuthenticate !== null ? (
        <span className={`mt-0.5 block text-xs break-all ${MUTED}`}>
          WWW-Authenticate: <VisibleText text={probe.wwwAuthenticate} controls />
        </span>
      ) : null}
    </>
  );
}

const TH = `px-3 py-2 text-left text-xs font-semibold ${MUTED}`;
/** Below md the table stacks: each probe becomes a small card, each cell a line with its own label. */
const TD = 'block px-3 py-0.5 md:table-cell md:py-2 md:align-top';

function CellLabel({ children }: { children: string }) {
  return <span className={`mr-1.5 text-xs font-semibold md:hidden ${MUTED}`}>{children}</span>;
}

function Probes({ oauth }: { oauth: OAuthReport }) {
  return (
    <section aria-label="URLs tried" className="min-w-0">
      <h3 className={`${H3} mb-2`}>
        URLs tried ({oauth.probes.length}){' '}
        <span className="font-normal tracking-normal normal-case">
          in order; endpoint requests carry no credentials
        </span>
      </h3>
      <div
        tabIndex={0}
        role="region"
        aria-label="URLs tried, scrollable"
        className="overflow-x-auto rounded-lg ring-1 ring-slate-200 ring-inset focus-visible:outline-2 focus-visible:outline-sky-600 dark:ring-slate-800"
      >
        <table
          role="table"
          data-testid="oauth-probes"
          className="block w-full border-collapse text-sm md:table md:min-w-[44rem]"
        >
          <thead className="sr-only bg-slate-50 md:not-sr-only md:table-header-group dark:bg-slate-950/60">
            <tr role="row">
              <th role="columnheader" scope="col" className={`${TH} w-[20%]`}>
                Purpose
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-16`}>
                Method
              </th>
              <th role="columnheader" scope="col" className={TH}>
                URL
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-[22%]`}>
                Status or error
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-20 text-right`}>
                Time
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-[18%]`}>
                Redirects
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-800">
            {oauth.probes.map((probe, i) => (
              <tr
                // Probes are in the order they were made and never reordered.
                key={i}
                role="row"
                data-testid="oauth-probe"
                data-status={probe.status ?? undefined}
                data-error={probe.error?.kind}
                className={`flex flex-wrap py-2 md:table-row md:py-0 ${probe.purpose.startsWith(ENDPOINT_PURPOSE) ? 'bg-sky-50/40 dark:bg-sky-950/20' : ''}`}
              >
                <td
                  role="cell"
                  className={`${TD} w-full font-medium break-words text-slate-800 md:w-auto md:font-normal dark:text-slate-200`}
                >
                  <VisibleText text={probe.purpose} controls />
                </td>
                <td role="cell" className={`${TD} pr-0 font-mono text-xs text-slate-800 md:pr-3 dark:text-slate-200`}>
                  <VisibleText text={probe.method} controls />
                </td>
                <td
                  role="cell"
                  className={`${TD} min-w-0 flex-1 font-mono text-xs break-all text-slate-900 dark:text-slate-100`}
                >
                  <VisibleText text={probe.url} controls />
                </td>
                <td role="cell" className={`${TD} w-full md:w-auto`}>
                  <CellLabel>Result</CellLabel>
                  <ProbeResult probe={probe} />
                </td>
                <td role="cell" className={`${TD} text-xs whitespace-nowrap tabular-nums md:text-right ${MUTED}`}>
                  <CellLabel>Time</CellLabel>
                  {formatDuration(probe.durationMs)}
                </td>
                <td role="cell" className={`${TD} min-w-0 flex-1 text-xs`}>
                  <CellLabel>Redirects</CellLabel>
                  {probe.redirects.length === 0 ? (
                    <span className={MUTED}>none</span>
                  ) : (
                    <ol className="list-decimal space-y-0.5 pl-4 font-mono break-all text-slate-800 dark:text-slate-200">
                      {probe.redirects.map((redirect, j) => (
                        // Redirect hops are positional.
                        <li key={j}>
                          <VisibleText text={redirect} controls />
                        </li>
                      ))}
                    </ol>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The panel

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
  const noAuth = oauth.findings.find((finding) => finding.id === NO_AUTH);
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
        <Lessons oauth={oauth} />
        {action}
        <Findings oauth={oauth} />
        <Documents oauth={oauth} />
        <Probes oauth={oauth} />
      </div>
    </Panel>
  );
}

// ---------------------------------------------------------------------------------------------
// The next step: list the tools

export interface ListToolsGate {
  enabled: boolean;
  reason: string;
  /** Offer to add an Authorization header row. */
  suggestAuthorization: boolean;
}

/**
 * Whether to offer a listing: the server answers without authorization, or the user gave a header
 * (a name and a value). Otherwise a one-line reason.
 */
export function listToolsGate(oauth: OAuthReport | null, headers: readonly KeyValueRow[]): ListToolsGate {
  const named = headers.filter((row) => row.name.trim() !== '');
  const complete = named.filter((row) => row.value !== '');
  const hasAuthorizationRow = named.some((row) => row.name.trim().toLowerCase() === 'authorization');
  if (complete.length > 0) {
    const names = complete.map((row) => row.name.trim()).join(', ');
    return {
      enabled: true,
      reason: `Lists its tools with the ${complete.length === 1 ? 'header' : 'headers'} you entered (${names}). Values never appear in the report.`,
      suggestAuthorization: false,
    };
  }
  if (oauth === null) {
    return {
      enabled: true,
      reason: 'The authorization check did not finish; you can still try to list its tools.',
      suggestAuthorization: false,
    };
  }
  if (answersWithoutAuth(oauth)) {
    return {
      enabled: true,
      reason: 'The server answers without authorization: list its tools the way anyone could (tools/list only).',
      suggestAuthorization: false,
    };
  }
  if (named.length > 0) {
    const name = named[0]?.name.trim() ?? 'header';
    return {
      enabled: false,
      reason: `Type a value for the ${name} header (for example Bearer <token>) to list its tools.`,
      suggestAuthorization: false,
    };
  }
  const endpoint = oauth.probes.find((probe) => probe.purpose.startsWith(ENDPOINT_PURPOSE) && probe.method === 'POST');
  const status = endpoint?.status ?? null;
  const reason = !oauth.reachable
    ? 'The server could not be reached: check the URL, or add a header if it needs one to answer.'
    : status === 401 || status === 403
      ? 'This server requires authorization: add an Authorization header to list its tools.'
      : `The endpoint did not answer as an open MCP server (POST initialize: ${status === null ? 'no answer' : `HTTP ${status}`}): add an Authorization header if it needs one, or check the URL.`;
  return { enabled: false, reason, suggestAuthorization: !hasAuthorizationRow };
}

interface ListToolsActionProps {
  gate: ListToolsGate;
  running: boolean;
  onRun: () => void;
  onAddAuthorization: () => void;
  /** The URL in the form is no longer the one checked. */
  staleUrl: boolean;
  /** The listing has already been produced for this check. */
  listed: boolean;
}

export function ListToolsAction({ gate, running, onRun, onAddAuthorization, staleUrl, listed }: ListToolsActionProps) {
  return (
    <div
      data-testid="oauth-next-step"
      data-enabled={gate.enabled}
      className="flex flex-col gap-3 rounded-lg bg-sky-50 px-4 py-3 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center dark:bg-sky-950/40 dark:ring-sky-900"
    >
      <button
        type="button"
        data-testid="run-url-tools"
        className={`${BUTTON.primary} self-start sm:self-auto`}
        disabled={!gate.enabled || running}
        aria-describedby="run-url-tools-reason"
        onClick={onRun}
      >
        {listed ? 'List tools again' : 'List tools'}
      </button>
      <div className="min-w-0 flex-1 text-sm">
        <p
          id="run-url-tools-reason"
          data-testid="run-url-tools-reason"
          className={gate.enabled ? 'text-slate-700 dark:text-slate-300' : 'text-slate-900 dark:text-slate-100'}
        >
          {gate.reason}
        </p>
        {staleUrl ? (
          <p data-testid="oauth-stale-url" className="mt-0.5 text-xs text-amber-800 dark:text-amber-300">
            The URL in the form has changed since this check: this lists the checked URL. Audit URL checks the new one.
          </p>
        ) : null}
      </div>
      {gate.suggestAuthorization ? (
        <button
          type="button"
          data-testid="oauth-add-authorization"
          className={`${BUTTON.secondary} self-start sm:self-auto`}
          onClick={onAddAuthorization}
        >
          Add an Authorization header
        </button>
      ) : null}
    </div>
  );
}
