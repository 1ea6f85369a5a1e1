import { describe, expect, it } from 'vitest';
import { buildSurface, type RawList } from '../report/surface-report';
import { servesCredentials } from './serves-credentials';

const texts = (name: string, description: string, title = '') => [
  { field: 'name', text: name },
  { field: 'title', text: title },
  { field: 'description', text: description },
];

describe('serves-credentials', () => {
  // damn-vulnerable-MCP-server challenges 1, 3, 4, 6, 10 and what other vulnerable collections list.
  it.each<[string, string, string, string, 'critical' | 'high']>([
    [
      'get_credentials',
      'Internal system credentials - DO NOT SHARE',
      'internal://credentials',
      'Internal system credentials - DO NOT SHARE',
      'critical',
    ],
    [
      'get_private_files',
      'RESTRICTED: List of confidential files - Admin access only',
      'internal://credentials',
      'internal://credentials',
      'critical',
    ],
    [
      'api_keys',
      'System API keys - RESTRICTED ACCESS',
      'system://api_keys',
      'System API keys - RESTRICTED ACCESS',
      'critical',
    ],
    [
      'admin',
      'The admin passwords for the cluster',
      'config://cluster',
      'The admin passwords for the cluster',
      'critical',
    ],
    [
      'vault',
      'Read a secret value from the vault: returns the password for an entry',
      'vault://{entry}',
      'Read a secret value from the vault: returns the password for an entry',
      'high',
    ],
    // challenge 4: "configuration" is not documentation; the URI names the store.
    [
      'get_system_config',
      'System configuration - RESTRICTED ACCESS',
      'internal://credentials',
      'internal://credentials',
      'critical',
    ],
    // challenge 2: no credential named, but marked restricted: data not for sharing.
    [
      'get_confidential_info',
      'Confidential company information - RESTRICTED ACCESS',
      'company://confidential',
      'Confidential company information - RESTRICTED ACCESS',
      'high',
    ],
  ])('%s: %s', (name, description, uri, quoted, severity) => {
    const found = servesCredentials(texts(name, description), uri);
    expect(found?.severity).toBe(severity);
    expect(found?.quote).toContain(quoted);
  });

  // What honest servers say: documentation about keys, a secrets manager's listing of names, plain data.
  it.each([
    ['setup', 'How to set your API key for this server', 'docs://setup'],
    ['auth', 'Configure credentials for the GitHub integration', 'docs://auth'],
    ['secrets', 'Names of the secrets in the project (values are not returned)', 'secrets://list'],
    ['secret_list', 'List of secret names and their last rotation date', 'secrets://names'],
    ['notes', 'Get notes for a specific user', 'notes://{user_id}'],
    ['Resource 1', 'A static resource', 'test://static/resource/1'],
    ['readme', 'Project README', 'file:///repo/README.md'],
    ['Guide', 'Best practices for rotating access tokens', 'guide://tokens'],
  ])('%s: none', (name, description, uri) => {
    expect(servesCredentials(texts(name, description), uri)).toBeNull();
  });

  it('quotes no secret that stands in the words', () => {
    const planted = ['ghp_', 'aB3dE6fG9hJ2kL5mN8pQ1rS4tU7vW0xY3zA6'].join('');
    const found = servesCredentials(
      texts('creds', `Internal credentials - DO NOT SHARE: token=${planted} and postgres://u:hunter2pass@db/x`),
      'internal://credentials',
    );
    expect(found?.severity).toBe('critical');
    expect(found?.quote).not.toContain(planted.slice(4, 12));
    expect(found?.quote).not.toContain('hunter2pass');
  });

  it('raises on resources and templates of a listing, first among their flags', () => {
    const list = (items: unknown[]): RawList => ({
      declared: true,
      pages: [{ items, bytes: 10 }],
      complete: true,
      error: null,
    });
    const empty = list([]);
    const surface = buildSurface({
      tools: empty,
      prompts: empty,
      resources: list([
        {
          uri: 'internal://credentials',
          name: 'get_credentials',
          description: 'Internal system credentials - DO NOT SHARE',
          mimeType: 'text/html',
        },
        { uri: 'files://public', name: 'get_public_files', description: 'List of public files available to all users' },
      ]),
      resourceTemplates: list([
        { uriTemplate: 'secrets://{name}', name: 'secret', description: 'System API keys - RESTRICTED ACCESS' },
      ]),
      instructions: null,
      toolCosts: [],
      era: null,
      authRequired: false,
      context: {},
      encoding: 'o200k_base',
    });
    expect(surface.resources[0]?.flags[0]).toMatchObject({ id: 'serves-credentials', severity: 'critical' });
    expect(surface.resources[1]?.flags.map((flag) => flag.id)).not.toContain('serves-credentials');
    expect(surface.resourceTemplates[0]?.flags[0]).toMatchObject({ id: 'serves-credentials', severity: 'critical' });
  });
});
