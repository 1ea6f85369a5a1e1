/**
 * The registry run's progress, one state for both outputs: the line a terminal shows (done, failed,
 * left, rate, ETA) and the NDJSON event written otherwise. Pure: the caller gives the clock.
 */
export interface RunProgress {
  total: number;
  /** Rows written in this run (skipped ones not counted). */
  done: number;
  failed: number;
  /** Already in the run file when the run started. */
  skipped: number;
  startedAt: number;
  now: number;
}

/** Servers per minute over this run so far (0 before the first one ends). */
export function ratePerMinute(progress: RunProgress): number {
  const minutes = (progress.now - progress.startedAt) / 60_000;
  return minutes <= 0 ? 0 : progress.done / minutes;
}

const left = (progress: RunProgress): number => Math.max(0, progress.total - progress.skipped - progress.done);

/** Seconds until the rest is done at the rate so far, or null before a rate exists. */
export function etaSeconds(progress: RunProgress): number | null {
  const rate = ratePerMinute(progress);
  return rate === 0 ? null : Math.round((left(progress) / rate) * 60);
}

function clock(seconds: number | null): string {
  if (seconds === null) return '--:--';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** "128/311 done · 4 failed · 170 left · 41.2/min · ETA 04:08 · last: NAME" (NAME escaped by the caller). */
export function progressLine(progress: RunProgress, last: string): string {
  const done = progress.done + progress.skipped;
  const skipped = progress.skipped > 0 ? ` (${progress.skipped} from the run file)` : '';
  return `${done}/${progress.total} done${skipped} · ${progress.failed} failed · ${left(progress)} left · ${ratePerMinute(progress).toFixed(1)}/min · ETA ${clock(etaSeconds(progress))}${last === '' ? '' : ` · last: ${last}`}`;
}

export function progressEvent(progress: RunProgress, key: string, status: string): Record<string, unknown> {
  return {
    type: 'progress',
    key,
    status,
    done: progress.done + progress.skipped,
    failed: progress.failed,
    left: left(progress),
    total: progress.total,
    perMinute: Number(ratePerMinute(progress).toFixed(2)),
    etaSeconds: etaSeconds(progress),
  };
}
