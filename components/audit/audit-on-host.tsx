'use client';

/**
 * A listing in the sandbox that failed (issue 49): the way out, one click, with what it consents to.
 * The sandbox has no network and hides HOME and the caller's folders, so a server that downloads
 * itself, calls a service as it starts or reads a folder of yours cannot start there; on the host it
 * runs with your rights, as your MCP client would start it.
 */
import { BUTTON, MUTED, Panel } from '@/components/ui/styles';

export function AuditOnHost({ onAuditOnHost, running }: { onAuditOnHost: () => void; running: boolean }) {
  return (
    <Panel title="Audit on the host" headingId="audit-on-host-heading" testId="audit-on-host">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        This server was listed in the sandbox: no network, your HOME and folders hidden. A server that downloads itself
        (npx -y, uvx), calls a service as it starts or reads a folder of yours fails there.
      </p>
      <p className={`mt-2 text-sm ${MUTED}`}>
        Auditing on the host starts the same command on this machine with your rights: it can use the network and read
        and write your files, as your MCP client would when it starts it. Nothing is called; only its lists are read.
      </p>
      <button
        type="button"
        data-testid="audit-on-host-button"
        className={`${BUTTON.primary} mt-3`}
        disabled={running}
        onClick={onAuditOnHost}
      >
        Audit on the host
      </button>
    </Panel>
  );
}
