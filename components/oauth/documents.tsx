/** The documents as fetched: the WWW-Authenticate challenge, the protected-resource metadata, each authorization server's metadata. */
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { H3, MUTED, PRE } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { DocumentCard, JsonDocument, Missing, Tag } from './document-card';

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

// Long because: markup only, one card per document the check fetched (protected resource, each authorization server, legacy).
export function Documents({ oauth }: { oauth: OAuthReport }) {
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
