'use client';
/**
 * "Approve as contract" on a saved audit: fetches its surface as a contract, downloads it under the
 * contract's file name, and keeps what happened as one message (what was pinned, how to verify; or why not).
 */
import { useState } from 'react';
import type { HistoryEntry } from '@/lib/core/history/entry';
import { json } from '@/lib/cli/formats/json';
import { download } from '@/components/ui/download';
import { contractDownloadName } from '@/components/ui/download-names';
import { fetchContract } from './history-api';
import { verifyCommand } from './verify-command';

export function useContractApproval() {
  const [approval, setApproval] = useState<{ ok: boolean; text: string } | null>(null);
  const approve = (audit: HistoryEntry): void => {
    void fetchContract(audit.id).then((answer) => {
      if (!answer.ok) {
        setApproval({
          ok: false,
          text: `The contract of audit #${audit.id} could not be made: ${answer.problem.message}`,
        });
        return;
      }
      const name = contractDownloadName(audit.serverName, audit.identity, audit.createdAt);
      download(answer.value, json, name);
      setApproval({
        ok: true,
        text: `Audit #${audit.id} approved as the contract of ${audit.serverName ?? audit.identity}: ${audit.tools} tools pinned, saved as ${name}. Check the server against it with ${verifyCommand(name, { identity: audit.identity, transport: audit.conditions.transport })}; Open a saved report shows it.`,
      });
    });
  };
  return { approval, approve };
}
