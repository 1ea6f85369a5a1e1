// The connection doctor on loopback fixtures only (doctor-server.mjs, v2-http-server.mjs,
// old-http-server.mjs): each names the step that fails (or warns) first. Host names other than
// 127.0.0.1 are resolved by an injected resolver, so no query leaves the machine.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handleDoctorRequest } from '../lib/server/http/doctor-api';
import { runCli } from './cli-run';
import type { DoctorOutcome, DoctorStepId } from '../lib/core/doctor/steps';
import { runDoctor, type DoctorOptions } from '../lib/server/doctor/run-doctor';
import { DOCTOR_CA, startDoctorFixture, type DoctorScenario } from './fixtures/doctor-server.mjs';
import { startOldFixture } from './fixtures/old-http-server.mjs';
import { startV2Fixture } from './fixtures/v2-http-server.mjs';

const CA_FILE = fileURLToPath(new URL('./fixtures/tls/doctor/ca.pem', import.meta.url));

type Start = () => Promise<{ url: string; close: () => Promise<void> }>;
const doctorFixture =
  (scenario: DoctorScenario, tls?: 'good' | 'wrong-name' | 'expired' | 'self-signed'): Start =>
  () =>
    startDoctorFixture(scenario, tls === undefined ? {} : { tls });

async function diagnose(start: Start, options: DoctorOptions = {}) {
  const fixture = await start();
  try {
    return await runDoctor(fixture.url, { timeoutMs: 3000, ca: DOCTOR_CA, ...options });
  } finally {
    await fixture.close();
  }
}

const outcomes = (steps: { id: DoctorStepId; outcome: DoctorOutcome }[]) =>
  Object.fromEntries(steps.map((entry) => [entry.id, entry.outcome]));

describe('doctor names the first failing (or warning) step', () => {
  it.each<[string, Start, DoctorStepId | null, boolean, Partial<Record<DoctorStepId, DoctorOutcome>>]>([
    // A 2025-only server: initialize answers, server/discover gets -32601.
    [
      'a 2025-only server (own fixture)',
      doctorFixture('mcp'),
      'era-2026',
      false,
      { http: 'ok', 'streamable-http': 'ok', 'era-2025': 'ok', tls: 'skip' },
    ],
    ['a 2024-11-05 server (old-http-server)', startOldFixture, 'era-2026', false, { 'era-2025': 'ok' }],
    // SDK v2 with legacy: 'reject': HTTP 400 and -32022 to a 2025 initialize.
    [
      'a 2026-07-28-only server (SDK v2, legacy: reject)',
      () => startV2Fixture('modern'),
      'era-2025',
      false,
      { http: 'ok', 'era-2026': 'ok', 'era-2025': 'warn' },
    ],
    [
      'a server of both eras (SDK v2, stateless)',
      () => startV2Fixture('dual'),
      null,
      false,
      { 'era-2026': 'ok', 'era-2025': 'ok' },
    ],
    ['a wrong content type', doctorFixture('wrong-type'), 'http', true, { http: 'fail', 'streamable-http': 'fail' }],
    ['a proxy-style HTML answer', doctorFixture('html'), 'http', true, { http: 'fail', sse: 'fail' }],
    ['a legacy HTTP+SSE server', doctorFixture('sse-only'), 'http', false, { 'streamable-http': 'warn', sse: 'warn' }],
    [
      'a server that asks for sign-in',
      doctorFixture('auth'),
      null,
      false,
      { http: 'ok', 'protected-resource': 'ok', 'authorization-server': 'ok' },
    ],
    [
      'an authorization server naming another issuer',
      doctorFixture('auth-bad-issuer'),
      'authorization-server',
      true,
      { 'protected-resource': 'ok' },
    ],
    ['TLS with a trusted certificate', doctorFixture('mcp', 'good'), 'era-2026', false, { tls: 'ok', http: 'ok' }],
    [
      'TLS with a certificate for another name',
      doctorFixture('mcp', 'wrong-name'),
      'tls',
      true,
      { tcp: 'ok', http: 'skip' },
    ],
    ['TLS with an expired certificate', doctorFixture('mcp', 'expired'), 'tls', true, { http: 'skip' }],
    [
      'TLS with an untrusted (self-signed) certificate',
      doctorFixture('mcp', 'self-signed'),
      'tls',
      true,
      { http: 'skip' },
    ],
  ])('%s', async (_label, start, first, failed, some) => {
    const result = await diagnose(start);
    expect(result.firstProblem).toBe(first);
    expect(result.failed).toBe(failed);
    expect(outcomes(result.steps)).toMatchObject(some);
    // Every step is reported, in order; a failed or warned one says what to try.
    expect(result.steps.map((entry) => entry.id)).toHaveLength(10);
    for (const entry of result.steps)
      expect(entry.tryNext !== null).toBe(entry.outcome === 'fail' || entry.outcome === 'warn');
  });

  it.each([
    ['expired', /expired on 2026-12-02/],
    ['wrong-name', /does not name this host/],
    ['self-signed', /chain does not verify/],
  ] as const)('the TLS step says why (%s)', async (tls, why) => {
    const result = await diagnose(doctorFixture('mcp', tls));
    expect(result.steps.find((entry) => entry.id === 'tls')?.detail).toMatch(why);
  });

  it('nothing listening: the TCP step', async () => {
    const fixture = await startDoctorFixture('mcp');
    await fixture.close();
    const result = await runDoctor(fixture.url, { timeoutMs: 2000 });
    expect([result.firstProblem, outcomes(result.steps).dns]).toEqual(['tcp', 'ok']);
  });

  it.each<[string, DoctorOptions['resolve'], RegExp]>([
    [
      'a name that does not resolve',
      () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })),
      /could not be resolved \(ENOTFOUND\)/,
    ],
    // The SSRF guard's rule: a public name resolving to a private address is refused before any connection.
    [
      'a name that resolves to a private address',
      () => Promise.resolve([{ address: '10.0.0.7', family: 4 as const }]),
      /private.*SSRF guard/,
    ],
    [
      'a name that resolves to the cloud metadata address',
      () => Promise.resolve([{ address: '169.254.169.254', family: 4 as const }]),
      /linkLocal.*SSRF guard/,
    ],
  ])('the DNS step: %s', async (_label, resolve, why) => {
    const result = await runDoctor('https://mcp.example.test/mcp', { timeoutMs: 2000, resolve });
    expect(result.firstProblem).toBe('dns');
    expect(result.steps[0]?.detail).toMatch(why);
    expect(result.steps.slice(1).every((entry) => entry.outcome === 'skip')).toBe(true);
  });
});

describe('mcp-hintcheck doctor: output and exit codes (lib/cli/exit-codes.ts)', () => {
  it.each<[string, Start | null, string[], number, RegExp]>([
    [
      'a proxy-style HTML answer',
      doctorFixture('html'),
      [],
      3,
      /First failing step: http \(HTTP status and content type\)/,
    ],
    ['a 2025-only server (works; warns)', doctorFixture('mcp'), [], 0, /First warning: era-2026/],
    // The test CA is trusted the way a user trusts a private CA: NODE_EXTRA_CA_CERTS.
    [
      'an expired certificate',
      doctorFixture('mcp', 'expired'),
      [],
      3,
      /FAIL TLS[^\n]*expired[\s\S]*First failing step: tls/,
    ],
    ['JSON output', doctorFixture('wrong-type'), ['--json'], 3, /"firstProblem": "http"/],
    ['no URL', null, [], 2, /give one http\(s\) URL/],
  ])('%s', async (_label, start, extra, code, output) => {
    const fixture = start === null ? null : await start();
    try {
      const run = await runCli(['doctor', ...(fixture === null ? [] : [fixture.url]), ...extra], {
        NODE_EXTRA_CA_CERTS: CA_FILE,
      });
      expect(run.code).toBe(code);
      expect(run.stdout + run.stderr).toMatch(output);
    } finally {
      await fixture?.close();
    }
  });
});

describe('POST /api/doctor (the dashboard\'s "Why did this fail?")', () => {
  it.each([
    ['an HTML answer', 'html' as const, 200, 'http'],
    ['a bad body', null, 400, null],
  ])('%s', async (_label, scenario, status, first) => {
    const fixture = scenario === null ? null : await startDoctorFixture(scenario);
    try {
      const body = JSON.stringify(fixture === null ? { url: 'not a url' } : { url: fixture.url });
      const response = await handleDoctorRequest(
        new Request('http://127.0.0.1/api/doctor', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        }),
      );
      expect(response.status).toBe(status);
      if (first !== null)
        expect(((await response.json()) as { result: { firstProblem: string } }).result.firstProblem).toBe(first);
    } finally {
      await fixture?.close();
    }
  });
});
