import { describe, expect, it } from 'vitest';
import { parseCommand } from './args';

const demo = { command: '/usr/bin/node', args: ['demo.mjs'] };

describe('parseCommand', () => {
  it('takes the command after -- with its own flags untouched', () => {
    const command = parseCommand(
      ['audit', '--env', 'API_KEY', '--env', 'MODE=test', '--cwd', '/tmp', '--', 'node', 'server.js', '--port', '3'],
      demo,
    );
    expect(command).toMatchObject({
      kind: 'audit',
      format: 'text',
      target: {
        transport: 'stdio',
        command: 'node',
        args: ['server.js', '--port', '3'],
        cwd: '/tmp',
        env: [{ name: 'API_KEY' }, { name: 'MODE', value: 'test' }],
      },
    });
  });

  it('parses a URL target with headers and transport', () => {
    const command = parseCommand(
      [
        'audit',
        '--url',
        'https://mcp.example.com/mcp',
        '--header',
        'Authorization: Bearer abc: def',
        '--transport',
        'sse',
        '--json',
      ],
      demo,
    );
    expect(command).toMatchObject({
      format: 'json',
      target: { transport: 'sse', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc: def' } },
    });
  });

  it('resolves --demo to the demo command', () => {
    expect(
      parseCommand(['audit', '--demo', '--format', 'csv', '--fail-on', 'medium', '--timeout', '5000'], demo),
    ).toMatchObject({
      format: 'csv',
      failOn: 'medium',
      timeoutMs: 5000,
      target: { transport: 'stdio', command: '/usr/bin/node', args: ['demo.mjs'] },
    });
  });

  it.each([
    [['audit', '--url', 'ftp://x/y'], '--url must be http or https'],
    [['audit', '--url', 'https://x/y', '--transport', 'websocket'], '--transport must be'],
    [['audit', '--url', 'https://x/y', '--env', 'A'], '--env and --cwd apply to a local command'],
    [['audit', '--url', 'https://x/y', '--header', 'no colon'], '--header expects "Name: value"'],
    [['audit', '--fail-on', 'severe', '--demo'], '--fail-on must be one of critical, high, medium, low, info'],
    [['inspect'], 'Unknown command "inspect"'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCommand(argv, demo)).toThrow(message);
  });
});
