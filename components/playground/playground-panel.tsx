'use client';
/**
 * The playground panel (issue 37): the session's facts (the command, the server, the sandbox, the
 * idle limit), End session, the server's lists that failed, a notice when the tools changed during the session, the tabs (Tools, Resources, Prompts,
 * Message log), the call in flight with the server's requests waiting for an answer, and the last
 * call's result. Its heading takes focus when it opens.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '@/components/ui/display-format';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { CallResult } from './call-result';
import { TaskProgress } from './task-progress';
import { MessageLog } from './message-log';
import { PendingRequests } from './pending-requests';
import { PlaygroundTabs, type TabSpec } from './playground-tabs';
import { PromptsTab } from './prompts-tab';
import { ResourcesTab } from './resources-tab';
import { ToolsTab } from './tools-tab';
import { ListingChangedNotice } from './listing-changed-notice';
import type { Playground } from './use-playground';

type TabKey = 'tools' | 'resources' | 'prompts' | 'log';
const TAB_OF: Record<Parameters<Playground['call']>[0]['method'], TabKey> = {
  'tools/call': 'tools',
  'resources/read': 'resources',
  'prompts/get': 'prompts',
};

/** "21:04:05 UTC": when the idle limit ends the session. */
function clock(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 19)} UTC`;
}

// Long because: the panel's markup: session facts, End session, list errors, four tabs, the call in flight, pending requests, the result.
export function PlaygroundPanel({ playground }: { playground: Playground }) {
  const { session, live, inFlight, last } = playground;
  const [tab, setTab] = useState<TabKey>('tools');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const refresh = playground.refresh;
  useEffect(() => {
    if (tab === 'log') void refresh();
  }, [tab, refresh]);
  if (session === null) return null;
  const { surface } = session;
  const tabs: TabSpec<TabKey>[] = [
    { key: 'tools', label: `Tools (${String(surface.tools.length)})` },
    { key: 'resources', label: `Resources (${String(surface.resources.length + surface.resourceTemplates.length)})` },
    { key: 'prompts', label: `Prompts (${String(surface.prompts.length)})` },
    { key: 'log', label: 'Message log' },
  ];
  const busy = inFlight !== null;
  const call = (request: Parameters<Playground['call']>[0]): void => void playground.call(request);
  const complete = session.features.completions ? playground.complete : undefined;
  /** A logged call sent again: its tab shows the result. */
  const replay = (request: Parameters<Playground['call']>[0]): void => {
    setTab(TAB_OF[request.method]);
    call(request);
  };
  const openLink = (uri: string): void => {
    replay({ method: 'resources/read', uri });
  };
  return (
    <div
      data-testid="playground-panel"
      className="space-y-3 rounded-lg bg-white p-3 ring-1 ring-slate-200 ring-inset sm:p-4 dark:bg-slate-900 dark:ring-slate-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3
            ref={headingRef}
            tabIndex={-1}
            data-testid="playground-heading"
            className="font-semibold focus:outline-none"
          >
            Playground:{' '}
            {session.server === null ? (
              'server without a name'
            ) : (
              <>
                <VisibleText text={session.server.name} controls />{' '}
                <span className={`font-normal ${MUTED}`}>
                  <VisibleText text={session.server.version} controls />
                </span>
              </>
            )}
          </h3>
          <p className={`text-xs break-all ${MUTED}`}>
            <code className="font-mono">
              <VisibleText text={session.command} />
            </code>
          </p>
          <p data-testid="playground-idle" className={`text-xs ${MUTED}`}>
            {/* Each version line names its tool already: "bubblewrap 0.8.0", "strace 6.1". */}
            In the sandbox ({session.sandbox.bwrap}, {session.sandbox.strace}) · protocol{' '}
            {session.protocolVersion ?? 'unknown'} · ends after {formatDuration(session.idleMs)} without use
            {live.idleEndsAt === null ? '' : ` (at ${clock(live.idleEndsAt)} if unused)`}
          </p>
        </div>
        <button
          type="button"
          data-testid="playground-end"
          onClick={() => void playground.end()}
          className={BUTTON.danger}
        >
          End session
        </button>
      </div>
      {surface.errors.length > 0 ? (
        <ul data-testid="playground-list-errors" className="space-y-0.5 text-xs text-amber-900 dark:text-amber-200">
          {surface.errors.map((error) => (
            <li key={error.list}>
              Could not list {error.list}: <VisibleText text={error.message} />
            </li>
          ))}
        </ul>
      ) : null}
      <ListingChangedNotice relisted={live.relisted} />
      <PlaygroundTabs tabs={tabs} selected={tab} onSelect={setTab} idPrefix="playground">
        {tab === 'tools' ? <ToolsTab tools={surface.tools} busy={busy} onCall={call} /> : null}
        {tab === 'resources' ? (
          <ResourcesTab
            resources={surface.resources}
            templates={surface.resourceTemplates}
            busy={busy}
            onCall={call}
            complete={complete}
            subscriptions={live.subscriptions}
            onSubscribe={session.features.subscribe ? (uri, on) => void playground.subscribe(uri, on) : undefined}
            subscribeProblem={playground.subscribeProblem}
          />
        ) : null}
        {tab === 'prompts' ? (
          <PromptsTab prompts={surface.prompts} busy={busy} onCall={call} complete={complete} />
        ) : null}
        {tab === 'log' ? (
          <MessageLog
            entries={live.log}
            dropped={live.dropped}
            onRefresh={() => void refresh()}
            onReplay={busy ? null : replay}
          />
        ) : null}
      </PlaygroundTabs>
      <div aria-live="polite" data-testid="playground-in-flight" className="text-sm">
        {inFlight === null ? null : (
          <p>
            Calling <code className="font-mono">{inFlight.method}</code>{' '}
            <VisibleText text={inFlight.method === 'resources/read' ? inFlight.uri : inFlight.name} controls />…
          </p>
        )}
        {inFlight === null || live.task === null ? null : <TaskProgress task={live.task} running />}
      </div>
      <PendingRequests
        pending={live.pending}
        count={live.pendingCount}
        problem={playground.answerProblem}
        onAnswer={(a) => void playground.answer(a)}
      />
      {last !== null && tab !== 'log' ? (
        <CallResult shown={last} tools={surface.tools} onOpenLink={busy ? undefined : openLink} />
      ) : null}
    </div>
  );
}
