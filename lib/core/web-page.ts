/**
 * "This URL is a web page, not an MCP endpoint": the one classifier the audit, the OAuth check,
 * doctor and the dashboard share. An MCP endpoint answers a POST of a JSON-RPC request in
 * application/json or text/event-stream (Streamable HTTP), or refuses it with a status; a site, a
 * login page, a captive portal or a single-page app's catch-all answers HTML. Also the reader of an
 * event-stream body (every event, not only the first `data:` line), which doctor uses to find the
 * JSON-RPC answer among the events (a server may send an empty priming event first).
 */

/** The sentence every consumer shows for a web page. */
export const WEB_PAGE_VERDICT = 'This URL is a web page, not an MCP endpoint';

/** What to try, said once. */
export const WEB_PAGE_HINT =
  'Something other than the MCP server answered: the site itself, a login page, a proxy or a captive portal. Check the URL path (often /mcp) and any proxy settings (HTTPS_PROXY).';

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** An HTML answer: an HTML content type, or (none given, or a generic one) a body that opens as an HTML document. */
export function isHtml(contentType: string | null | undefined, body?: string | null): boolean {
  const type = mediaType(contentType);
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  if (type === 'application/json' || type === 'text/event-stream') return false;
  return /^\s*<(!doctype html|html)[\s>]/i.test(body ?? '');
}

/** One HTTP answer to an MCP request, as far as the classifier needs it. */
export interface EndpointAnswer {
  status: number | null;
  contentType: string | null;
  body?: string | null | undefined;
  /** A WWW-Authenticate header: a server asking for sign-in, whatever its body looks like. */
  wwwAuthenticate?: string | null | undefined;
}

/** An answer in an MCP content type, or a sign-in challenge. */
function speaksMcp(answer: EndpointAnswer): boolean {
  const type = mediaType(answer.contentType);
  return type === 'application/json' || type === 'text/event-stream' || (answer.wwwAuthenticate ?? null) !== null;
}

/**
 * True when the URL is a web page: at least one answer to the MCP requests sent (POST initialize,
 * GET for an event stream) is HTML, and none is in an MCP content type or asks for sign-in.
 */
export function isWebPage(answers: readonly EndpointAnswer[]): boolean {
  const answered = answers.filter((answer) => answer.status !== null);
  return (
    answered.some((answer) => isHtml(answer.contentType, answer.body)) && !answered.some((answer) => speaksMcp(answer))
  );
}

/**
 * The data of each event of an event-stream body (WHATWG HTML, server-sent events: events are
 * separated by a blank line, an event's `data:` lines joined with newlines, one leading space
 * dropped; comments and other fields ignored). Events without data are left out.
 */
export function eventStreamData(body: string): string[] {
  const events: string[] = [];
  let data: string[] | null = null;
  for (const line of `${body}\n\n`.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data !== null) events.push(data.join('\n'));
      data = null;
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') continue;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    (data ??= []).push(value.startsWith(' ') ? value.slice(1) : value);
  }
  return events.filter((event) => event !== '');
}
