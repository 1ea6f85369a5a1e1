import { describe, expect, it } from 'vitest';
import { dashboardHint } from './advice';

describe('dashboardHint', () => {
  it.each<[string, string]>([
    [
      'A server that needs an API key or a config file exits before answering: pass the variables it needs with --env NAME (only the default allowlist reaches it otherwise), check the arguments, or run the command by hand to see why it stops.',
      'under Environment variables in the form above',
    ],
    [
      'The server requires authorization. Check who guards it with `mcp-hintcheck oauth <url>`, then pass a token with --header "Authorization: Bearer <token>".',
      'Who guards it is shown below',
    ],
    [
      'The endpoint refused the method. Try --transport sse for a legacy HTTP+SSE server, or check the path.',
      'Choose Transport: legacy HTTP+SSE',
    ],
    ['Set it first (export API_KEY=...) or give a value with --env API_KEY=value.', 'type a value for API_KEY'],
    [
      'It was listed in the sandbox (no network, HOME hidden): a server that needs the network or your files to start is audited on the host: leave out --sandbox (with --exercise, add --no-sandbox).',
      'press Audit on the host below',
    ],
  ])('%s', (hint, expected) => {
    const said = dashboardHint({ hint }) ?? '';
    expect(said).toContain(expected);
    expect(said).not.toMatch(/--env|--header|--transport|--no-sandbox|--sandbox|mcp-hintcheck oauth/);
  });

  it('leaves other advice alone', () => {
    expect(dashboardHint({ hint: 'Check the spelling.' })).toBe('Check the spelling.');
    expect(dashboardHint({})).toBeUndefined();
  });
});
