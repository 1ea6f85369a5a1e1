// The Exit fact of a failed audit: a command that never started says so (issue 37), not "stopped by the audit".
import { describe, expect, it } from 'vitest';
import { exitText } from './exit-text';

describe('exitText', () => {
  it('a process without a pid never started: says so and why', () => {
    expect(exitText({ pid: null, exitCode: null, signal: null }, 'spawn nosuch ENOENT')).toBe(
      'Did not start: spawn nosuch ENOENT',
    );
    expect(exitText({ pid: null, exitCode: null, signal: null }, null)).toMatch(/^Did not start/);
  });
  it('a started process: its exit code, its signal, or stopped by the audit', () => {
    expect(exitText({ pid: 12, exitCode: 1, signal: null }, 'x')).toBe('exit code 1');
    expect(exitText({ pid: 12, exitCode: null, signal: 'SIGKILL' }, 'x')).toBe('killed by SIGKILL');
    expect(exitText({ pid: 12, exitCode: null, signal: null }, 'x')).toBe('stopped by the audit');
  });
});
