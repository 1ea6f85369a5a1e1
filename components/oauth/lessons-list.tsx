/** The article's three lessons about a hosted server: who issues tokens, how many scopes, what the transport accepts. */
import type { ReactNode } from 'react';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

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

export function Lessons({ oauth }: { oauth: OAuthReport }) {
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
