import { describe, expect, it } from 'vitest';
import { rehearseAudit } from './warm-up';

describe('rehearseAudit', () => {
  it('runs the audit path on the stand-in: a refused probe, a 2025 handshake, the raw list, the report', async () => {
    const report = await rehearseAudit();
    expect(report.tools.map((tool) => tool.name)).toEqual(['run_command', 'upload_file', 'get_note']);
    const runCommand = report.tools.find((tool) => tool.name === 'run_command');
    expect(runCommand?.effective.destructiveHint.value).toBe(true);
    expect(report.warnings).toEqual([]);
  });
});
