/**
 * What the server said about itself and how the audit went: identity, protocol, transport,
 * capabilities, instructions, pages, completeness, sizes, the variable or header names passed
 * (never values) and the tail of its stderr.
 */
import type { ReactNode } from 'react';
import type { Report } from '@/lib/core/report/report';
import { formatBytes } from '@/lib/core/bytes';
import { formatCount, formatDuration } from '@/components/ui/display-format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE, Panel } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';

function Fact({
  label,
  children,
  testId,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Spans two grid columns. */
  wide?: boolean;
}) {
  // dl > div > dt + dd: one wrapper level only, as definition lists allow.
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className={`text-xs font-medium ${MUTED}`}>{label}</dt>
      <dd data-testid={testId} className="mt-0.5 break-words text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

function Missing({ children = 'not reported' }: { children?: ReactNode }) {
  return <span className={`italic ${MUTED}`}>{children}</span>;
}

function NameList({ names, empty }: { names: readonly string[]; empty: string }) {
  if (names.length === 0) return <Missing>{empty}</Missing>;
  return (
    <span className="flex flex-wrap gap-1">
      {names.map((name) => (
        <code
          key={name}
          className="rounded bg-slate-100 px-1.5 py-px font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
        >
          {name}
        </code>
      ))}
    </span>
  );
}

function ServerFacts({ report }: { report: Report }) {
  const { server, target, process } = report;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
      <Fact label="Name" testId="server-name">
        {server?.name != null ? <VisibleText text={server.name} controls /> : <Missing />}
        {server?.title != null ? (
          <span className={`block text-xs ${MUTED}`}>
            <VisibleText text={server.title} controls />
          </span>
        ) : null}
      </Fact>
      <Fact label="Version" testId="server-version">
        {server?.version != null ? <VisibleText text={server.version} controls /> : <Missing />}
      </Fact>
      <Fact label="Protocol version" testId="server-protocol">
        {server?.protocolVersion ?? <Missing />}
      </Fact>
      <Fact label="Transport" testId="server-transport">
        {server !== null ? server.transport : <Missing>no connection</Missing>}
        {target.transport !== 'stdio' && target.transport !== server?.transport ? (
          <span className={`block text-xs ${MUTED}`}>requested: {target.transport}</span>
        ) : null}
      </Fact>
      <Fact label="Pages read">{report.pages}</Fact>
      <Fact label="Listing" testId="server-complete">
        {report.complete ? (
          <span className="text-teal-700 dark:text-teal-300">complete</span>
        ) : (
          <span className="font-medium text-rose-700 dark:text-rose-300">incomplete</span>
        )}
      </Fact>
      <Fact label="tools/list size">
        {formatBytes(report.toolsListBytes)}{' '}
        <span className={`text-xs ${MUTED}`}>({formatCount(report.toolsListBytes)} bytes)</span>
      </Fact>
      <Fact label="Duration">{formatDuration(report.durationMs)}</Fact>
      <TargetFact target={target} />
      {target.transport === 'stdio' ? (
        <Fact label="Environment variables passed (names only)" testId="server-env-names" wide>
          <NameList names={target.envNames} empty="none beyond HOME, LOGNAME, PATH, SHELL, TERM, USER" />
        </Fact>
      ) : (
        <Fact label="Headers sent (names only)" testId="server-header-names" wide>
          <NameList names={target.headerNames} empty="none" />
        </Fact>
      )}
      {process !== null ? (
        <Fact label="Process">
          {process.pid !== null ? `pid ${process.pid}` : 'no pid'}
          <span className={`block text-xs ${MUTED}`}>
            {process.pid === null
              ? 'the process did not start'
              : process.exitCode !== null
                ? `exited with code ${process.exitCode}`
                : process.signal !== null
                  ? `ended by ${process.signal}`
                  : 'stopped by mcp-hintcheck after the audit'}
          </span>
        </Fact>
      ) : null}
    </dl>
  );
}

function CapabilitiesAndInstructions({ server }: { server: Report['server'] }) {
  return (
    <div className="mt-5 grid gap-4 lg:grid-cols-2">
      <div className="min-w-0">
        <h3 className={`mb-1.5 text-xs font-semibold tracking-wide uppercase ${MUTED}`}>Capabilities</h3>
        <ScrollRegion as="pre" label="Capabilities" testId="server-capabilities" className={`${PRE} max-h-64`}>
          {server === null ? '(not initialized)' : prettyJson(server.capabilities ?? null)}
        </ScrollRegion>
      </div>
      <div className="min-w-0">
        <h3 className={`mb-1.5 text-xs font-semibold tracking-wide uppercase ${MUTED}`}>Instructions</h3>
        {server?.instructions != null ? (
          <ScrollRegion
            as="p"
            label="Instructions"
            testId="server-instructions"
            className="max-h-64 overflow-auto rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-800"
          >
            <VisibleText text={server.instructions} />
          </ScrollRegion>
        ) : (
          <p className={`text-sm italic ${MUTED}`}>The server sent no instructions.</p>
        )}
      </div>
    </div>
  );
}

function StderrTail({ process }: { process: Report['process'] }) {
  return (
    <div className="mt-5 min-w-0">
      <h3 className={`mb-1.5 text-xs font-semibold tracking-wide uppercase ${MUTED}`}>
        stderr{' '}
        <span className="font-normal tracking-normal normal-case">
          {process === null
            ? '(no process)'
            : process.stderrBytes === 0
              ? '(the server wrote nothing to stderr)'
              : `(last ${formatBytes(new TextEncoder().encode(process.stderrTail).length)} of ${formatBytes(process.stderrBytes)})`}
        </span>
      </h3>
      <ScrollRegion
        as="pre"
        label="stderr"
        testId="stderr-tail"
        className={`${PRE} max-h-72 min-h-9 whitespace-pre-wrap break-all`}
      >
        <VisibleText text={process?.stderrTail ?? ''} />
      </ScrollRegion>
    </div>
  );
}

export function ServerPanel({ report }: { report: Report }) {
  const { server, target, process } = report;
  return (
    <Panel title="Server" headingId="server-panel-heading" testId="server-panel">
      <ServerFacts report={report} />
      <CapabilitiesAndInstructions server={server} />
      {target.transport === 'stdio' || process !== null ? <StderrTail process={process} /> : null}
    </Panel>
  );
}

/** The target as typed, where it ran from, and whether it was listed in the sandbox or on this machine. */
function TargetFact({ target }: { target: Report['target'] }) {
  return (
    <Fact label="Target" wide>
      {target.transport === 'stdio' ? (
        <code className="font-mono text-xs break-all">
          <VisibleText text={[target.command, ...target.args].join(' ')} controls />
        </code>
      ) : (
        <code className="font-mono text-xs break-all">
          <VisibleText text={target.url} controls />
        </code>
      )}
      {target.transport === 'stdio' && target.cwd !== null ? (
        <span className={`block text-xs ${MUTED}`}>
          in <VisibleText text={target.cwd} controls />
        </span>
      ) : null}
      {target.transport === 'stdio' ? (
        <span data-testid="listed-in" className={`block text-xs ${MUTED}`}>
          {target.listedIn === undefined
            ? 'listed on this machine, outside any sandbox'
            : `listed in ${target.listedIn}`}
        </span>
      ) : null}
    </Fact>
  );
}
