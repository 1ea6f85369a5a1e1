import { describe, expect, it } from 'vitest';
import { analyzeAnnotations } from '../annotations';
import type { ToolFacts } from '../tool-flags/facts';
import type { ToolRule } from '../tool-flags/rule';
import { templateOmitsTarget } from '../tool-flags/template-omits-target';
import { templatePlaceholder } from '../tool-flags/template-placeholder';
import { templateShape } from '../tool-flags/template-shape';
import { templateVerb } from '../tool-flags/template-verb';
import {
  BRANCH_TEMPLATE_KEY,
  DISPLAY_TEMPLATES_KEY,
  displayTemplatesOf,
  placeholdersOf,
  renderTemplate,
} from './templates';
import { leadingVerb, selectsTarget } from './wording';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});
const withTemplate = (template: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'tool',
  inputSchema: object({ name: { type: 'string' } }, ['name']),
  _meta: { [DISPLAY_TEMPLATES_KEY]: { template } },
  ...extra,
});

function messages<Id extends string>(rule: ToolRule<Id>, raw: Record<string, unknown>): string[] {
  const out: string[] = [];
  const facts: ToolFacts = {
    name: raw.name,
    analysis: analyzeAnnotations(raw.annotations),
    inputSchema: raw.inputSchema,
    nameCount: 1,
    texts: [{ field: 'description', text: typeof raw.description === 'string' ? raw.description : '' }],
    raw,
  };
  rule.check(facts, (_id, message) => out.push(message));
  return out;
}

describe('rendering, as the draft and its reference renderer do', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['set {bus} bus to {gain_db} dB', { bus: 'music', gain_db: -6 }, 'set music bus to -6 dB'],
    ['set {bus} over {ramp_ms} ms', { bus: 'sfx' }, 'set sfx over ... ms'],
    ['show {obj}', { obj: { a: 1 } }, 'show ...'],
    ['literal {{braces}} and {x}', { x: true }, 'literal {braces} and true'],
  ])('%s', (template, args, line) => {
    expect(renderTemplate(template, args)).toBe(line);
  });

  it('placeholders leave escaped braces out', () => {
    expect(placeholdersOf('move {target} to {destination} {{not}} {target}')).toEqual(['target', 'destination']);
  });

  it('reads the tool template and each branch template, with the branch properties and its const', () => {
    const found = displayTemplatesOf({
      inputSchema: {
        type: 'object',
        oneOf: [
          {
            title: 'move',
            [BRANCH_TEMPLATE_KEY]: 'move {target} to {destination}',
            properties: { target: {}, destination: {} },
          },
          {
            title: 'delete',
            [BRANCH_TEMPLATE_KEY]: 'delete {target}',
            properties: { op: { const: 'delete' }, target: {} },
          },
          { title: 'bad', [BRANCH_TEMPLATE_KEY]: 42 },
        ],
      },
    });
    expect(found.templates.map((t) => [t.where, t.properties, t.pinned])).toEqual([
      ['oneOf[0] move', ['target', 'destination'], []],
      ['oneOf[1] delete', ['op', 'target'], ['op']],
    ]);
    expect(found.problems).toEqual(['oneOf[2] bad: "io.modelcontextprotocol/display-template" is not a string']);
  });
});

describe('the words', () => {
  it.each<[string, boolean]>([
    ['path', true],
    ['file_path', true],
    ['targetUrl', true],
    ['recipient', true],
    ['query', true],
    ['name', false],
    ['content', false],
  ])('%s selects the target: %s', (name, expected) => {
    expect(selectsTarget(name)).toBe(expected);
  });
  it.each<[string, string | null]>([
    ['Read {name}', 'read'],
    ['  view {path}', 'view'],
    ['{x} moved', 'x'],
    ['', null],
  ])('%j leads with %s', (template, verb) => {
    expect(leadingVerb(template)).toBe(verb);
  });
});

describe('the display-template findings', () => {
  it.each<[string, ToolRule<string>, Record<string, unknown>, RegExp | null]>([
    ['shape: fine', templateShape, withTemplate('read {name}'), null],
    ['shape: template not a string', templateShape, withTemplate(7), /not an object with a string template/],
    [
      'shape: _meta value a string',
      templateShape,
      { name: 't', _meta: { [DISPLAY_TEMPLATES_KEY]: 'Read it' } },
      /not an object/,
    ],
    ['placeholder: known', templatePlaceholder, withTemplate('read {name}'), null],
    ['placeholder: unknown', templatePlaceholder, withTemplate('tag {label}'), /\{label\} in "tag \{label\}" \(tool\)/],
    [
      'omits: the required path',
      templateOmitsTarget,
      withTemplate('Save your work', { inputSchema: object({ path: {}, content: {} }, ['path', 'content']) }),
      /"Save your work" \(tool\) does not show path/,
    ],
    [
      'omits: path shown',
      templateOmitsTarget,
      withTemplate('write {path}', { inputSchema: object({ path: {}, content: {} }, ['path', 'content']) }),
      null,
    ],
    [
      'omits: an optional url is not required',
      templateOmitsTarget,
      withTemplate('fetch it', { inputSchema: object({ url: {} }) }),
      null,
    ],
    [
      'verb: Read on a declared destructive tool',
      templateVerb,
      withTemplate('Read {name}', { annotations: { readOnlyHint: false, destructiveHint: true } }),
      /"Read \{name\}", but the tool declares destructiveHint true/,
    ],
    [
      'verb: View on a tool whose name deletes (no hints)',
      templateVerb,
      withTemplate('View {name}', { name: 'delete_file', description: 'Deletes a file.' }),
      /its text says it destroys: "Deletes a file\."/,
    ],
    [
      'verb: Delete on a declared read-only tool',
      templateVerb,
      withTemplate('Delete {name}', { annotations: { readOnlyHint: true } }),
      /declares readOnlyHint true/,
    ],
    ['verb: Read on a read', templateVerb, withTemplate('Read {name}', { annotations: { readOnlyHint: true } }), null],
    [
      'verb: Read on an unannotated tool (destructive only by default) says nothing',
      templateVerb,
      withTemplate('Read {name}'),
      null,
    ],
  ])('%s', (_label, rule, raw, expected) => {
    const found = messages(rule, raw);
    if (expected === null) expect(found).toEqual([]);
    else expect(found.join('\n')).toMatch(expected);
  });
});
