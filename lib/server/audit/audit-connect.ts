/**
 * An audit's connection: spawn or reach the server and initialize, in the era asked for, and what
 * the Report says about the era spoken (for a URL, whether the other era is accepted too).
 */
import { protocolChoiceText, type ProtocolChoice } from '../../core/protocol';
import { describeChoice, type ProtocolFacts } from '../../core/report/protocol-facts';
import type { AuditError } from '../errors';
import { connectHttp, connectStdio, type Connection } from '../mcp/connect';
import { probeOtherEra } from '../mcp/era-probe';
import { GENERATOR } from '../version';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import type { AuditContext } from './audit-context';
import { warmUpWhileBooting } from './warm-up';

/** Connects to the target; null only for a stdio target without a transport (never in practice). */
export async function connectTarget(run: AuditContext, choice: ProtocolChoice): Promise<Connection | null> {
  const { options, clock, spec } = run;
  const connectOptions = {
    signal: clock.signal,
    timeoutMs: clock.remaining(options.connectTimeoutMs ?? AUDIT_DEFAULTS.connectTimeoutMs),
    ...(options.connectTimeoutOption === undefined ? {} : { timeoutOption: options.connectTimeoutOption }),
    maxMessageBytes: run.maxBytes,
    clientVersion: GENERATOR.version,
    protocol: choice,
    onSpawned: (pid: number | null) => {
      clock.step = 'initialize';
      warmUpWhileBooting();
      options.onProgress?.({ type: 'progress', step: 'spawned', pid });
    },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    onTooLarge: (error: AuditError) => {
      clock.tooLarge = error;
    },
    redactor: run.redactor,
    ...run.session.connectOptions(),
  };
  if (run.stdio !== null) {
    clock.step = 'spawn';
    return connectStdio(run.stdio, connectOptions);
  }
  if (spec.transport !== 'stdio') {
    clock.step = 'initialize';
    return connectHttp(spec, connectOptions);
  }
  return null;
}

/** The era spoken and why (its other-era answer is filled in later). */
export function protocolFactsOf(live: Connection, choice: ProtocolChoice): ProtocolFacts {
  return {
    era: live.era,
    version: live.version === '' ? null : live.version,
    requested: protocolChoiceText(choice),
    chosenBy: choice.mode !== 'auto' ? 'requested' : live.era === 'modern' ? 'auto-probe' : 'auto-fallback',
    detail: describeChoice(choice, live.era, live.version),
    otherEra: null,
  };
}

/** For a URL, whether the other era is accepted too (probed beside the lists); stdio: not asked. */
export function otherEraOf(run: AuditContext, live: Connection): Promise<ProtocolFacts['otherEra']> {
  const { spec, options } = run;
  if (spec.transport === 'stdio') return Promise.resolve(null);
  const other = live.era === 'modern' ? 'legacy' : 'modern';
  if (live.kind === 'sse') {
    return Promise.resolve({
      era: other,
      accepted: null,
      detail: 'Not probed: the legacy HTTP+SSE transport has no current-era form.',
    });
  }
  return probeOtherEra(spec.url, other, {
    headers: spec.headers,
    clientVersion: GENERATOR.version,
    signal: run.clock.signal,
    redactor: run.redactor,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}
