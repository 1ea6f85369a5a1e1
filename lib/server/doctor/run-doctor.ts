/**
 * `mcp-hintcheck doctor URL`: every step from the name to the sign-in metadata (lib/core/doctor/
 * steps.ts), in order, each timed; the network steps stop the walk when they fail (nothing above
 * them can work), the HTTP steps each say what they found.
 */
import { DOCTOR_STEP_IDS, doctorResult, skipped, type DoctorResult, type DoctorStep } from '../../core/doctor/steps';
import { isLoopbackHost } from '../../core/oauth/hosts';
import { doctorFetch } from './fetcher';
import { httpSteps } from './http-steps';
import { dnsStep, tcpStep, tlsStep, type NetworkOptions } from './network';

export type DoctorOptions = Partial<Omit<NetworkOptions, 'allowLoopback'>>;

/** The steps after dns, tcp and tls, in DOCTOR_STEP_IDS order. */
const AFTER_NETWORK = DOCTOR_STEP_IDS.slice(DOCTOR_STEP_IDS.indexOf('http'));

export async function runDoctor(raw: string, options: DoctorOptions = {}): Promise<DoctorResult> {
  const url = new URL(raw);
  const network: NetworkOptions = { timeoutMs: 5000, ...options, allowLoopback: isLoopbackHost(url.hostname) };
  const steps: DoctorStep[] = [];
  const rest = (after: readonly DoctorStep['id'][], why: string): DoctorStep[] => after.map((id) => skipped(id, why));
  const resolved = await dnsStep(url, network);
  steps.push(resolved.step);
  if (resolved.address === null)
    return doctorResult(raw, [
      ...steps,
      ...rest(['tcp', 'tls', ...AFTER_NETWORK], 'the name did not resolve to an allowed address'),
    ]);
  const tcp = await tcpStep(url, resolved.address, network);
  steps.push(tcp);
  if (tcp.outcome === 'fail')
    return doctorResult(raw, [...steps, ...rest(['tls', ...AFTER_NETWORK], 'no TCP connection')]);
  if (url.protocol === 'https:') {
    const tls = await tlsStep(url, resolved.address, network);
    steps.push(tls);
    if (tls.outcome === 'fail') return doctorResult(raw, [...steps, ...rest(AFTER_NETWORK, 'TLS failed')]);
  } else steps.push(skipped('tls', 'plain http (allowed for loopback only)'));
  const fetch = doctorFetch({
    allowLoopback: network.allowLoopback,
    timeoutMs: network.timeoutMs,
    ...(network.ca === undefined ? {} : { ca: network.ca }),
  });
  steps.push(...(await httpSteps(url.toString(), fetch)));
  return doctorResult(raw, steps);
}
