import { describe, expect, it } from 'vitest';
import { standInAnswer, warm2025Schemas } from './schema-warmup';

describe('the 2025 schema warm-up', () => {
  it('completes a 2025 handshake and a tools/list with the stand-in, twice', async () => {
    await expect(warm2025Schemas()).resolves.toBeUndefined();
    // Twice: the SDK keeps what it built; a second run is the same public path again.
    await expect(warm2025Schemas()).resolves.toBeUndefined();
  });

  it('the stand-in answers initialize and tools/list only, and never a notification', () => {
    expect(standInAnswer({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} } as never)).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-11-25' },
    });
    expect(standInAnswer({ jsonrpc: '2.0', id: 2, method: 'tools/list' } as never)).toMatchObject({
      id: 2,
      result: { tools: [] },
    });
    expect(standInAnswer({ jsonrpc: '2.0', id: 3, method: 'tools/call' } as never)).toMatchObject({
      id: 3,
      error: { code: -32601 },
    });
    expect(standInAnswer({ jsonrpc: '2.0', method: 'notifications/initialized' } as never)).toBeNull();
  });
});
