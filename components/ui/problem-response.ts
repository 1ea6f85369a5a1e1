/**
 * The problem a failed dashboard API answer describes: its {error} body (a Problem), else what its
 * HTTP status means. Shared by every feature that calls the dashboard's API.
 */
import { z } from 'zod';
import { problemSchema } from '@/lib/core/problem-schema';
import type { Problem } from '@/lib/core/problems';

const errorBodySchema = z.object({ error: problemSchema });

/** The problem a failed dashboard API answer describes: its {error} body, else its status. */
export async function problemFromResponse(response: Response): Promise<Problem> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body is unreadable; the status alone has to do.
  }
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error;
  } catch {
    // Not JSON: fall through to the status.
  }
  const status = `${response.status} ${response.statusText}`.trim();
  if (response.status === 401 || response.status === 403) {
    return {
      code: 'unauthorized',
      message: `The dashboard refused the request (HTTP ${status}).`,
      hint: 'Open the dashboard with the link the server printed (it carries the session token), then try again.',
    };
  }
  return {
    code: 'http-error',
    message: `The dashboard answered HTTP ${status}.`,
    hint: 'Check the terminal that runs the dashboard for details, then try again.',
  };
}
