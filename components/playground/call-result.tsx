'use client';
/**
 * One playground call's result (issue 37): what was called and how it ended, the result's blocks
 * drawn safely (result-blocks.tsx), structured content against the output schema, untrusted-content
 * envelopes, links (text, never followed), the result's findings, the behaviour verdict against the
 * tool's hints, the effects with their evidence and the server's requests during the call (the
 * exercise's own lists), and the result as sent. Its heading takes focus when a result arrives.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { PlaygroundCallResult, PlaygroundSurface } from '@/lib/core/playground/schema';
import { BehaviourBadge, EffectList, ServerRequestList } from '@/components/ui/behaviour-evidence';
import { SeverityLabel } from '@/components/ui/badges';
import { formatDuration } from '@/components/ui/display-format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { H3, MUTED, PRE } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';
import { CopyButton } from './copy-button';
import { ResultBlocks, type OpenLink } from './result-blocks';
import { TaskProgress } from './task-progress';
import type { ShownCall } from './use-playground';

/** The arguments sent, pretty when they parse (else as sent). */
function prettyArguments(json: string): string {
  try {
    return prettyJson(JSON.parse(json));
  } catch {
    return json;
  }
}

type Finding = NonNullable<PlaygroundCallResult['inspection']>['findings'][number];

/** A field of an envelope (JSON from the wire) as text. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const OUTCOME_TEXT: Record<PlaygroundCallResult['outcome'], string> = {
  ok: 'answered',
  'tool-error': 'answered with an error (isError)',
  rejected: 'refused (a JSON-RPC error)',
  timeout: 'timed out',
  'server-exited': 'the server exited',
};

function Findings({ findings, testId }: { findings: readonly Finding[]; testId: string }) {
  if (findings.length === 0) return null;
  return (
    <ul data-testid={testId} className="space-y-1 text-sm">
      {findings.map((finding) => (
        <li key={`${finding.id}-${finding.message}`} data-finding-id={finding.id}>
          <SeverityLabel severity={finding.severity} /> <code className="font-mono text-xs">{finding.id}</code>{' '}
          <VisibleText text={finding.message} />
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="space-y-1">
      <h5 className={H3}>{title}</h5>
      {children}
    </section>
  );
}

function StructuredView({
  structured,
}: {
  structured: NonNullable<NonNullable<PlaygroundCallResult['inspection']>['structured']>;
}) {
  const status = typeof structured.check.status === 'string' ? structured.check.status : 'unknown';
  const problems = Array.isArray(structured.check.problems)
    ? structured.check.problems.filter((p): p is string => typeof p === 'string')
    : [];
  if (status === 'not-sent') return null;
  const said: Record<string, string> = {
    'no-schema': 'The tool declares no output schema.',
    matches: 'It fits the tool’s output schema (top level, required and property types).',
    missing: 'The tool declares an output schema, but the result has no structured content.',
    mismatch: 'It does not fit the tool’s output schema:',
  };
  return (
    <Section title="Structured content" testId="result-structured">
      <p data-testid="result-structured-check" data-status={status} className="text-sm">
        {said[status] ?? status}
      </p>
      {problems.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {problems.map((problem) => (
            <li key={problem}>
              <VisibleText text={problem} />
            </li>
          ))}
        </ul>
      ) : null}
      {structured.value === undefined ? null : (
        <ScrollRegion as="pre" label="Structured content" className={`${PRE} max-h-60`}>
          {prettyJson(structured.value)}
        </ScrollRegion>
      )}
    </Section>
  );
}

/** What the inspection saw: the result's findings, its blocks, structured content, envelopes and links. */
function InspectionView({
  inspection,
  onOpenLink,
}: {
  inspection: NonNullable<PlaygroundCallResult['inspection']>;
  onOpenLink: OpenLink | undefined;
}) {
  return (
    <>
      <Findings findings={inspection.findings} testId="result-findings" />
      <Section title="Content" testId="result-content">
        <ResultBlocks blocks={inspection.blocks} {...(onOpenLink === undefined ? {} : { onOpen: onOpenLink })} />
      </Section>
      {inspection.structured === null ? null : <StructuredView structured={inspection.structured} />}
      {inspection.envelopes.length > 0 ? (
        <Section title="Untrusted-content envelope" testId="result-envelopes">
          <ul className="space-y-1 text-sm">
            {inspection.envelopes.map((envelope, i) => (
              // Envelopes are a fixed list in result order.
              <li key={i}>
                <VisibleText
                  text={`${asText(envelope.where)}: marked "${asText(envelope.classification)}" under ${asText(envelope.key)}`}
                />
                {typeof envelope.source === 'string' ? (
                  <span className={MUTED}>
                    {' '}
                    · source <VisibleText text={envelope.source} />
                  </span>
                ) : null}
                {typeof envelope.warning === 'string' ? (
                  <span className={`block ${MUTED}`}>
                    warning: <VisibleText text={envelope.warning} />
                  </span>
                ) : null}
                {Array.isArray(envelope.dataKeys) ? (
                  <span className={`block ${MUTED}`}>data under: {envelope.dataKeys.map(asText).join(', ')}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {inspection.links.length > 0 ? (
        <Section title="Links in the result (not followed)" testId="result-links">
          <ul className="space-y-1 text-sm">
            {inspection.links.map((link) => (
              <li key={link} className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs break-all">
                  <VisibleText text={link} controls />
                </code>
                <CopyButton text={link} label="Copy" />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

// Long because: markup only, one section per part of a call's result (sent, task progress, inspection, behaviour, effects), each drawn by its own component.
export function CallResult({
  shown,
  tools,
  onOpenLink,
}: {
  shown: ShownCall;
  tools: PlaygroundSurface['tools'];
  /** Reads a resource link of the result in the same session. */
  onOpenLink?: OpenLink;
}) {
  const { result, problem, request } = shown;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const seq = result?.seq ?? null;
  useEffect(() => {
    if (seq !== null || problem !== null) headingRef.current?.focus();
  }, [seq, problem]);
  if (result === null && problem === null) return null;
  const target = request.method === 'resources/read' ? request.uri : request.name;
  const heading = (
    <h4 ref={headingRef} tabIndex={-1} data-testid="result-heading" className="font-semibold focus:outline-none">
      Result of <code className="font-mono">{request.method}</code> <VisibleText text={target} controls />
    </h4>
  );
  if (result === null)
    return (
      <div data-testid="call-result" className="space-y-1">
        {heading}
        <p role="alert" data-testid="result-problem" className="text-rose-800 dark:text-rose-300">
          <VisibleText text={problem ?? ''} />
        </p>
      </div>
    );
  const inspection = result.inspection;
  const claims = tools.find((tool) => tool.name === result.target)?.claims ?? [];
  return (
    <div
      data-testid="call-result"
      data-outcome={result.outcome}
      className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800"
    >
      {heading}
      <p className="text-sm">
        Call {result.seq}: <span data-testid="result-outcome">{OUTCOME_TEXT[result.outcome]}</span> in{' '}
        {formatDuration(result.durationMs)}
        {result.message === null ? null : (
          <>
            : <VisibleText text={result.message} />
          </>
        )}
      </p>
      <ScrollRegion as="pre" label="Arguments sent" testId="result-arguments" className={`${PRE} max-h-32`}>
        {prettyArguments(result.argumentsJson)}
      </ScrollRegion>
      {result.task === undefined ? null : <TaskProgress task={result.task} running={false} />}
      {inspection === null ? null : <InspectionView inspection={inspection} onOpenLink={onOpenLink} />}
      {result.behaviour === null ? null : (
        <Section title="Behaviour against the hints" testId="result-behaviour">
          <p className="text-sm">
            <BehaviourBadge behaviour={result.behaviour} /> <VisibleText text={result.behaviour.summary} />
          </p>
          <p className={`text-xs ${MUTED}`}>
            Its hints claim:{' '}
            {(result.behaviour.claims.length > 0 ? result.behaviour.claims : claims).join(', ') || 'nothing checkable'}.
            One call by hand is never re-run, so a contradiction here is at most inconclusive.
          </p>
          <Findings findings={result.behaviour.findings} testId="result-behaviour-findings" />
        </Section>
      )}
      <Section title="What the call did in the sandbox" testId="result-effects">
        <EffectList effects={result.effects} changed={result.changed} />
        {result.incomplete === null ? null : (
          <p className="text-xs font-medium text-orange-800 dark:text-orange-200">
            The evidence may be incomplete: <VisibleText text={result.incomplete} />
          </p>
        )}
      </Section>
      {result.serverRequests.length > 0 ? (
        <Section title="The server’s requests during the call" testId="result-server-requests">
          <ServerRequestList requests={result.serverRequests} />
        </Section>
      ) : null}
      <details>
        <summary className="flex min-h-6 cursor-pointer items-center text-sm">The result as sent (redacted)</summary>
        <ScrollRegion as="pre" label="The result as sent" className={`${PRE} mt-1 max-h-80`}>
          {result.result === null || result.result === undefined ? 'No result.' : prettyJson(result.result)}
        </ScrollRegion>
      </details>
    </div>
  );
}
