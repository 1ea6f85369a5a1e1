/**
 * A sandboxed run's trace read and attributed, the one way the exercise (run.ts, after its calls)
 * and the playground (after each call) do it: the tracer's effects (trace.ts, the loopback
 * listener's own process left out), each given to the server's start or to a call's window, or by
 * the process that made it when the server started one (lineage.ts, attribute.ts), what the
 * listener received added to the call that sent it (listener.ts), and the server's requests given
 * to their calls (requests.ts).
 */
import { attributeEffects, type Attribution, type CallWindow } from '../../core/exercise/attribute';
import { attributeRequests, type RequestAttribution } from '../../core/exercise/requests';
import type { Redactor } from '../redact';
import type { SandboxFolders } from './folders';
import { listenerExecArgs, readListenerLog, withSent } from './listener';
import type { SandboxLaunch } from './sandbox-launch';
import type { ExerciseSession } from './session';
import { tracedEffects } from './trace';

export interface AttributedRun {
  attribution: Attribution;
  requests: RequestAttribution;
  /** Why the effects may be incomplete (the watchdog stopped it, the trace was cut, the folders unreadable), or null. */
  incomplete: string | null;
  /** How much trace was read. */
  traceBytes: number;
}

export async function attributeRun(run: {
  folders: SandboxFolders;
  launch: Pick<SandboxLaunch, 'listener' | 'watch'>;
  session: Pick<ExerciseSession, 'requests'>;
  redactor: Redactor;
  windows: readonly CallWindow[];
  startedAt: number;
}): Promise<AttributedRun> {
  const { folders, launch, windows, startedAt } = run;
  const { listener, watch } = launch;
  const exec = listener === null ? null : listenerExecArgs(listener);
  const trace = await tracedEffects(folders.tracePath, folders.layout, watch.traceCap, exec);
  const origins = trace.serverPid === null ? undefined : trace.processes.origins(trace.serverPid, windows);
  const attribution = attributeEffects(trace.effects, windows, startedAt, origins);
  if (listener !== null)
    withSent(attribution.calls, windows, readListenerLog(listener.logPath), listener.port, run.redactor);
  return {
    attribution,
    requests: attributeRequests(run.session.requests(), windows, startedAt),
    incomplete: watch.halted ?? trace.incomplete ?? watch.unreadable,
    traceBytes: trace.bytes,
  };
}
