import { describe, expect, it } from 'vitest';
import { SIGNAL_FINDING_DEFINITIONS, SIGNAL_FINDING_IDS, SIGNAL_STRENGTHS } from './definitions';
import { deletesDataWord } from './deletes-data';
import { executesCodePhrase } from './executes-code';
import { exposesSecretsPhrase } from './exposes-secrets';
import { sendsLocalFiles } from './sends-local-files';
import { toolSignalFindings } from './tool-signals';
import { unrestrictedUrlArguments } from './unrestricted-url';
import { nameWords } from './words';

const props = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('executes-code', () => {
  it.each<[string, string, boolean]>([
    ['Evaluate JavaScript expression on page or element', 'Evaluate JavaScript', true],
    ['Run a Playwright code snippet. Unsafe: executes arbitrary JavaScript', 'executes', true],
    ['Execute a SQL query against the database', 'Execute', true],
    ['Run a read-only SQL query', 'SQL query', true],
    ['Runs a shell command', 'shell', true],
    ['It is RCE-equivalent', 'RCE', true],
    ['Search for code across GitHub repositories', '', false],
    ['Evaluates the quality of a summary', '', false],
    ['Run a report on sales.', '', false],
    ['Demonstrates a long running operation with progress updates.', '', false],
  ])('%s', (text, phrase, fires) => {
    const found = executesCodePhrase([text]);
    expect(found !== null).toBe(fires);
    if (fires) expect(found).toContain(phrase);
  });
});

describe('deletes-data respects context', () => {
  it.each<[string, boolean]>([
    ['Perform drag and drop between two elements', false],
    ['Drop files or MIME-typed data onto an element, as if dragged from outside the page.', false],
    ['Select an option in a dropdown', false],
    ['browser drop', false],
    ['Drops the table and all its rows', true],
    ['Drop a database', true],
    ['Delete multiple entities', true],
    ['Overwrites the file.', true],
    ['list files', false],
  ])('%s -> %s', (text, fires) => {
    expect(deletesDataWord([text]) !== null).toBe(fires);
  });
});

describe('sends-local-files', () => {
  it.each<[string, string, unknown, boolean]>([
    ['upload in the name', 'browser file upload', props({ paths: {} }), true],
    ['attach a file', 'Attach a file to the ticket', props({}), true],
    ['drop files with paths', 'Drop files or MIME-typed data onto an element', props({ paths: {} }), true],
    ['drop files without a path argument', 'Drop files onto an element', props({ data: {} }), false],
    ['reads and returns a file', 'Read the complete contents of a file', props({ path: {} }), false],
    ['push files with inline content', 'Push multiple files to a GitHub repository', props({ files: {} }), false],
  ])('%s', (_label, text, schema, fires) => {
    expect(sendsLocalFiles([text], schema) !== null).toBe(fires);
  });
});

describe('exposes-secrets', () => {
  it.each<[string, boolean]>([
    ['Returns all environment variables, helpful for debugging', true],
    ['get env', true],
    ['Reads the API key from the vault', true],
    ['List stored credentials', true],
    ['Get list of commits of a branch', false],
    ['Environmental impact report', false],
    ['Paginate with the next-page token', false],
  ])('%s -> %s', (text, fires) => {
    expect(exposesSecretsPhrase([text]) !== null).toBe(fires);
  });
});

describe('unrestricted-url', () => {
  it.each<[string, unknown, string[]]>([
    ['url', props({ url: { type: 'string' } }), ['url']],
    ['uri format', props({ data: { type: 'string', format: 'uri' } }), ['data']],
    ['host', props({ host: { type: 'string' } }), ['host']],
    ['hostname format', props({ target: { type: 'string', format: 'hostname' } }), ['target']],
    ['enum', props({ url: { type: 'string', enum: ['https://a.example'] } }), []],
    ['pattern', props({ host: { type: 'string', pattern: '^a\\.example$' } }), []],
    ['not a schema', 'x', []],
  ])('%s', (_label, schema, expected) => {
    expect(unrestrictedUrlArguments(schema)).toEqual(expected);
  });
});

describe('the catalogue', () => {
  it('every signal finding has an explanation, a strength and the severity it is raised with', () => {
    for (const id of SIGNAL_FINDING_IDS) {
      const definition = SIGNAL_FINDING_DEFINITIONS[id];
      expect(definition.id).toBe(id);
      expect(definition.meaning.length).toBeGreaterThan(40);
      expect(definition.doesNotTell.length).toBeGreaterThan(20);
      expect(SIGNAL_STRENGTHS[id]).toBeGreaterThan(0);
    }
    const raised = toolSignalFindings(
      'run_shell',
      ['Upload the file, print environment variables, then delete it.'],
      props({ url: {}, paths: {} }),
    );
    expect(raised.map((finding) => finding.id)).toEqual([
      'executes-code',
      'sends-local-files',
      'exposes-secrets',
      'unrestricted-url',
      'deletes-data',
    ]);
    for (const finding of raised) expect(finding.severity).toBe(SIGNAL_FINDING_DEFINITIONS[finding.id].severity);
  });

  it('reads a name as words', () => {
    expect(['run_code', 'runCode', 'run-code', 'run.code'].map(nameWords)).toEqual(Array(4).fill('run code'));
  });
});
