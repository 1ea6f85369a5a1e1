import { describe, expect, it } from 'vitest';
import { eventStreamData, isHtml, isWebPage } from './web-page';

describe('isHtml', () => {
  it.each([
    ['text/html; charset=utf-8', '', true],
    ['application/xhtml+xml', '', true],
    [null, '<!DOCTYPE html><html>', true],
    ['text/plain', '  <html lang="en">', true],
    ['application/json', '<html>', false],
    ['text/event-stream', '', false],
    [null, '{"jsonrpc":"2.0"}', false],
    [null, '<htmlish>', false],
  ])('%s + %j -> %s', (type, body, html) => {
    expect(isHtml(type, body)).toBe(html);
  });
});

describe('isWebPage', () => {
  const page = { status: 200, contentType: 'text/html' };
  it.each([
    ['POST and GET a page', [page, page], true],
    ['POST a page, GET no answer', [page, { status: null, contentType: null }], true],
    ['a 404 page', [{ status: 404, contentType: 'text/html' }], true],
    ['POST a page, GET an event stream', [page, { status: 200, contentType: 'text/event-stream' }], false],
    ['a page with a sign-in challenge', [{ ...page, status: 401, wwwAuthenticate: 'Bearer' }], false],
    ['JSON', [{ status: 200, contentType: 'application/json' }], false],
    ['no answer at all', [{ status: null, contentType: null }], false],
  ])('%s -> %s', (_label, answers, webPage) => {
    expect(isWebPage(answers)).toBe(webPage);
  });
});

describe('eventStreamData', () => {
  it('reads every event, joins multi-line data, drops comments, empty events and one leading space', () => {
    const body = 'id: 1\ndata:\n\n: keep-alive\nevent: message\ndata: {"a":\ndata:  1}\n\r\ndata:{"b":2}';
    expect(eventStreamData(body)).toEqual(['{"a":\n 1}', '{"b":2}']);
  });

  it('reads CRLF and CR line ends', () => {
    expect(eventStreamData('data: x\r\n\r\ndata: y\r\rdata: z')).toEqual(['x', 'y', 'z']);
  });
});
