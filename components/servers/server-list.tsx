/**
 * Every server found in the clients' files, with a checkbox each (none chosen at first: nothing
 * starts without a choice), where it came from (client, file:line), what it runs, its envFile and
 * where each variable's value comes from (never a value), its configuration findings and why Select
 * all leaves it out when it is risky (lib/core/config/risky.ts), shown before anything is launched.
 * The caller gives the entries and findings in the order to show (the most severe first).
 */
import { CLIENTS } from '@/lib/core/config/clients';
import type { ServerListing, ValueSource } from '@/lib/core/config/entry';
import { sourceText } from '@/lib/core/config/sources';
import { CONFIG_FINDING_DEFINITIONS, type ConfigFinding } from '@/lib/core/config/findings';
import { entryRisks } from '@/lib/core/config/risky';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

export function severityClass(severity: string): string {
  switch (severity) {
    case 'high':
      return 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100';
    case 'medium':
      return 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100';
    case 'low':
      return 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100';
    default:
      return 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';
  }
}

/** Each value's source (`LOG_LEVEL = ${env:GH_TOKEN}`), or the names alone for a listing without sources. */
function sourcesText(names: readonly string[], sources: readonly ValueSource[]): string {
  return sources.length === names.length ? sources.map(sourceText).join(', ') : names.join(', ');
}

function launchText(server: ServerListing): string {
  return server.transport === 'stdio'
    ? [server.command ?? '', ...server.args].join(' ')
    : `${server.transport} ${server.url ?? ''}`;
}

type EnvFile = NonNullable<ServerListing['envFile']>;

function EnvFileLine({ envFile }: { envFile: EnvFile }) {
  return (
    <p className="text-xs break-all text-slate-700 dark:text-slate-300" data-testid="server-env-file">
      envFile: <span className="font-mono">{envFile.written}</span>
      {envFile.path === null ? (
        ' (not resolved: a variable has no value)'
      ) : (
        <>
          {' → '}
          <span className="font-mono">{envFile.path}</span>
          {envFile.realPath === null ? null : (
            <>
              {' (links to '}
              <span className="font-mono">{envFile.realPath}</span>)
            </>
          )}
        </>
      )}
      : every variable in it reaches the server
    </p>
  );
}

function OwnFindings({ findings }: { findings: readonly ConfigFinding[] }) {
  return (
    <ul className="space-y-1" data-testid="config-findings">
      {findings.map((finding, index) => (
        <li key={index} className="flex flex-wrap items-baseline gap-2 text-xs">
          <span className={`rounded px-1.5 py-0.5 font-medium ${severityClass(finding.severity)}`}>
            {finding.severity}
          </span>
          <span className="font-mono" title={CONFIG_FINDING_DEFINITIONS[finding.id].meaning}>
            {finding.id}
          </span>
          <span className="break-words text-slate-700 dark:text-slate-300">
            <VisibleText text={finding.message} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One server: its checkbox, where it came from, what it runs and what it receives, its findings. */
function ServerRow({
  server,
  findings,
  checked,
  disabled,
  onToggle,
}: {
  server: ServerListing;
  findings: readonly ConfigFinding[];
  checked: boolean;
  disabled: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  const own = findings.filter((finding) => finding.entryId === server.id);
  const risks = entryRisks(server, findings);
  const inputId = `pick-${server.id}`;
  return (
    <li className="flex gap-3 py-3" data-testid="server-row" data-name={server.name}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-1 size-4"
        checked={checked}
        disabled={disabled || !server.launchable}
        onChange={(event) => {
          onToggle(server.id, event.target.checked);
        }}
        aria-label={`Audit ${server.name} (${CLIENTS[server.client].label})`}
      />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <label htmlFor={inputId} className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-semibold break-all text-slate-900 dark:text-slate-50">{server.name}</span>
          <span className="text-slate-700 dark:text-slate-300">{CLIENTS[server.client].label}</span>
          <span className={`font-mono text-xs break-all ${MUTED}`} data-testid="server-location">
            {server.file}:{server.line}
          </span>
          {server.disabled ? <span className={`text-xs ${MUTED}`}>disabled in the client</span> : null}
        </label>
        <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">{launchText(server)}</p>
        {server.envFile !== null ? <EnvFileLine envFile={server.envFile} /> : null}
        {server.envNames.length > 0 ? (
          <p className={`text-xs break-all ${MUTED}`} data-testid="server-env">
            env: {sourcesText(server.envNames, server.envSources)}
          </p>
        ) : null}
        {server.headerNames.length > 0 ? (
          <p className={`text-xs break-all ${MUTED}`}>
            headers: {sourcesText(server.headerNames, server.headerSources)}
          </p>
        ) : null}
        {risks.length > 0 ? (
          <p className="text-xs font-medium text-amber-800 dark:text-amber-200" data-testid="server-risky">
            Not in Select all: {risks.join('; ')}
          </p>
        ) : null}
        {own.length > 0 ? <OwnFindings findings={own} /> : null}
      </div>
    </li>
  );
}

export function ServerList({
  servers,
  findings,
  selected,
  disabled,
  onToggle,
}: {
  servers: readonly ServerListing[];
  findings: readonly ConfigFinding[];
  selected: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="server-list">
      {servers.map((server) => (
        <ServerRow
          key={server.id}
          server={server}
          findings={findings}
          checked={selected.has(server.id)}
          disabled={disabled}
          onToggle={onToggle}
        />
      ))}
    </ul>
  );
}
