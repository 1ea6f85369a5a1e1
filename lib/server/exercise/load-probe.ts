/**
 * Measures the machine's load for the settle windows (issue 47.8; the rule: lib/core/exercise/load.ts):
 * a busy task of about CALIBRATION_CPU_MS of CPU, timed by the wall clock and by this process's CPU
 * time. Three samples, the median kept (one time slice lost to a neighbour does not decide). On an
 * idle machine wall ≈ CPU; with two busy processes per core the task gets about a third of a core.
 */
import { loadFactor } from '../../core/exercise/load';

const CALIBRATION_CPU_MS = 30;
const SAMPLES = 3;

function sample(): { wallMs: number; cpuMs: number } {
  const began = performance.now();
  const cpu = process.cpuUsage();
  let spent = 0;
  let x = 0;
  while (spent < CALIBRATION_CPU_MS) {
    for (let i = 0; i < 20_000; i += 1) x = (x * 31 + i) % 1_000_003;
    const used = process.cpuUsage(cpu);
    spent = (used.user + used.system) / 1000;
  }
  if (x < 0) throw new Error('unreachable');
  return { wallMs: performance.now() - began, cpuMs: spent };
}

/** The load factor now, with what was measured (the median sample by its ratio). */
export function measureLoad(): { factor: number; wallMs: number; cpuMs: number } {
  const samples = Array.from({ length: SAMPLES }, sample).sort((a, b) => a.wallMs / a.cpuMs - b.wallMs / b.cpuMs);
  const median = samples[Math.floor(SAMPLES / 2)] ?? { wallMs: 0, cpuMs: 0 };
  return { factor: loadFactor(median.wallMs, median.cpuMs), ...median };
}
