import { describe, expect, it } from 'vitest';
import { httpVerdict, jsonRpcMessage } from './classify';

describe('jsonRpcMessage', () => {
  it('finds the answer after an empty priming event (server-everything over Streamable HTTP)', () => {
    const body =
      'id: 0\ndata: \n\nevent: message\nid: 1\ndata: {"jsonrpc":"2.0","id":"x","result":{"protocolVersion":"2025-11-25"}}\n\n';
    expect(jsonRpcMessage('text/event-stream', body)).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      result: { protocolVersion: '2025-11-25' },
    });
  });

  it('takes the answer over a notification sent before it, and reads JSON bodies whole', () => {
    const body =
      'data: {"jsonrpc":"2.0","method":"notifications/message"}\n\ndata: {"jsonrpc":"2.0","id":1,"error":{"code":-1}}\n\n';
    expect(jsonRpcMessage('text/event-stream; charset=utf-8', body)).toMatchObject({ id: 1, error: { code: -1 } });
    expect(jsonRpcMessage('application/json', '{"jsonrpc":"2.0","id":1,"result":{}}')).toMatchObject({ id: 1 });
    expect(jsonRpcMessage('text/event-stream', 'data: not json\n\n')).toBeNull();
  });
});

describe('httpVerdict', () => {
  it('calls an HTML answer a web page, in the words the audit and the OAuth check use', () => {
    expect(httpVerdict(200, 'text/html', '<html></html>')).toMatchObject({
      outcome: 'fail',
      detail: 'HTTP 200, text/html: This URL is a web page, not an MCP endpoint.',
    });
    expect(httpVerdict(200, null, '<!doctype html><html>').outcome).toBe('fail');
  });
});
