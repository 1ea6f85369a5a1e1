'use client';

/**
 * The servers in the clients' configuration files (GET /api/servers), read when the page opens and
 * again on request, with the problem that kept them from being read.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShownProblem } from '@/components/ui/problem-list';
import { fetchServers, requestProblem, type ServersList } from './servers-client';

export interface ServersListState {
  list: ServersList | null;
  problem: ShownProblem | null;
  reload: () => void;
}

export function useServersList(): ServersListState {
  const [list, setList] = useState<ServersList | null>(null);
  const [problem, setProblem] = useState<ShownProblem | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const reload = useCallback((): void => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setProblem(null);
    fetchServers(controller.signal)
      .then(setList)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setProblem(requestProblem(error, 'Could not load the server list'));
      });
  }, []);

  useEffect(() => {
    reload();
    return () => {
      controllerRef.current?.abort();
    };
  }, [reload]);

  return { list, problem, reload };
}
