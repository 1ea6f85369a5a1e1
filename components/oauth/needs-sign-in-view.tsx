'use client';

/**
 * A hosted server that refused the listing for want of credentials (lib/core/report/needs-sign-in.ts): a
 * state, not a failure. The heading says so and what to do; the sign-in action (or the header
 * offer) and who guards the server follow it on the page. The server's own answer is shown as a fact.
 */
import { forwardRef } from 'react';
import { refusalVerdict, type SignInNeed } from '@/lib/core/report/needs-sign-in';
import type { Report } from '@/lib/core/report/report';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

interface NeedsSignInProps {
  need: Exclude<SignInNeed, null>;
  report: Report;
}

export const NeedsSignIn = forwardRef<HTMLHeadingElement, NeedsSignInProps>(function NeedsSignIn(
  { need, report },
  headingRef,
) {
  const status = report.oauth?.probes.find((probe) => probe.kind === 'endpoint-post')?.status ?? null;
  const answer = report.errors[0]?.message ?? null;
  return (
    <section
      data-testid="needs-sign-in"
      data-need={need}
      aria-labelledby="needs-sign-in-heading"
      className="space-y-2 rounded-xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200 sm:px-5 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2
        id="needs-sign-in-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none dark:text-slate-50"
      >
        {need === 'sign-in' ? 'This server needs sign-in' : 'This server needs authorization'}
      </h2>
      <p className="text-sm text-slate-800 dark:text-slate-200">
        It answered HTTP {status ?? '401'} to a request without credentials,{' '}
        {report.oauth === null ? 'as a protected server does.' : refusalVerdict(report.oauth)}{' '}
        {need === 'sign-in'
          ? 'Sign in on its authorization server to list its tools with your account, or add an Authorization header with a token you already have.'
          : 'Its metadata offers no sign-in this dashboard can use: add an Authorization header with a token to list its tools.'}{' '}
        Who guards it, from its own metadata, is below.
      </p>
      {answer !== null ? (
        <p className={`text-xs break-all ${MUTED}`} data-testid="needs-sign-in-answer">
          The server&apos;s answer: <VisibleText text={answer} controls />
        </p>
      ) : null}
    </section>
  );
});
