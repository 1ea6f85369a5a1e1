/**
 * Request body limits of the dashboard, enforced while the body streams in: a declared
 * Content-Length above the cap is refused before a byte is read, and a chunked body is counted
 * chunk by chunk and refused (413) the moment it passes the cap, so memory stays flat whatever a
 * client sends. Routes that take no body refuse any body.
 */

/** The largest body each route accepts, in bytes; every other route accepts none. */
export const BODY_CAPS: Readonly<Record<string, number>> = {
  'POST /api/audit': 1024 * 1024,
  'POST /api/audit/cancel': 1024,
  'POST /api/oauth-check': 16 * 1024,
  'POST /api/doctor': 16 * 1024,
  // The stdio target, the confirmed tool names and any arguments per tool (issue 23).
  'POST /api/exercise': 1024 * 1024,
  'POST /api/sign-in': 16 * 1024,
  'POST /api/sign-in/sign-out': 1024,
  // The chosen server ids and the values typed for ${input:...} / unset variables.
  'POST /api/servers/audit': 256 * 1024,
  // The playground (issue 37): the stdio target and the command line confirmed; one call's
  // arguments (a prompt's are at most 64 KiB each); one answer (a sampling text is at most 64 KiB).
  'POST /api/playground': 256 * 1024,
  'POST /api/playground/{id}': 1024 * 1024,
  'POST /api/playground/{id}/answer': 256 * 1024,
  // Completion: a value and the arguments filled in; a subscription: one URI (issue 49).
  'POST /api/playground/{id}/complete': 256 * 1024,
  'POST /api/playground/{id}/subscription': 16 * 1024,
};

/** The templated paths' patterns: a concrete path is looked up under its template. */
const TEMPLATES: readonly { pattern: RegExp; template: string }[] = [
  { pattern: /^\/api\/playground\/[^/]+$/, template: '/api/playground/{id}' },
  { pattern: /^\/api\/playground\/[^/]+\/answer$/, template: '/api/playground/{id}/answer' },
  { pattern: /^\/api\/playground\/[^/]+\/complete$/, template: '/api/playground/{id}/complete' },
  { pattern: /^\/api\/playground\/[^/]+\/subscription$/, template: '/api/playground/{id}/subscription' },
];

/** The path as BODY_CAPS names it: a template's for a concrete playground path, else itself. */
export function bodyCapPath(pathname: string): string {
  if (Object.hasOwn(BODY_CAPS, `POST ${pathname}`)) return pathname;
  return TEMPLATES.find((entry) => entry.pattern.test(pathname))?.template ?? pathname;
}

export function bodyCapFor(method: string, pathname: string): number {
  return BODY_CAPS[`${method} ${bodyCapPath(pathname)}`] ?? 0;
}

export const BODY_TOO_LARGE = 'The request body is too large.';

/**
 * The decision that can be taken from the headers alone: too large when the declared length passes
 * the cap, or when a route that takes no body is sent one.
 */
export function bodyRefusedByHeaders(
  cap: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  const length = headers['content-length'];
  const declared = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null;
  if (declared !== null && declared > cap) return true;
  return cap === 0 && headers['transfer-encoding'] !== undefined;
}

export type CappedBody = { ok: true; text: string } | { ok: false };

/**
 * Reads a Request's body as UTF-8, counting bytes as they arrive; stops reading and cancels the
 * stream once the count passes `cap`, so nothing beyond the cap is ever held in memory.
 */
export async function readBodyCapped(request: Request, cap: number): Promise<CappedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > cap) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false };
  }
  if (request.body === null) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > cap) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
