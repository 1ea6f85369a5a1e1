/**
 * POST /api/doctor: {url} in, {result: DoctorResult} out. The connection doctor (lib/server/doctor/) for
 * the dashboard's "Why did this fail?" on a failed hosted audit. Counted with the audits against one
 * concurrency cap; every request it makes goes through the SSRF guard.
 */
import { z } from 'zod';
import { describeIssues } from '../../core/api/audit-request';
import { busyResponse, tryStartWork } from '../audit/concurrency';
import { runDoctor } from '../doctor/run-doctor';
import { readJsonRequest } from './json-request';
import { problemResponse } from './problem-response';

export const doctorRequestSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'an http or https URL' }).max(4096),
});

export async function handleDoctorRequest(request: Request): Promise<Response> {
  const read = await readJsonRequest(request, '/api/doctor', '{"url": "..."}');
  if (!read.ok) return read.response;
  const parsed = doctorRequestSchema.safeParse(read.body);
  if (!parsed.success)
    return problemResponse({ code: 'bad-input', message: `Not a valid check: ${describeIssues(parsed.error)}.` });
  const release = tryStartWork();
  if (release === null) return busyResponse();
  try {
    const result = await runDoctor(parsed.data.url);
    return Response.json({ result }, { headers: { 'Cache-Control': 'no-store' } });
  } finally {
    release();
  }
}
