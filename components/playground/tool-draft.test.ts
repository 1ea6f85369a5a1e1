// The Tools tab's arguments being written: errors named with the first to focus, Form and Raw JSON carried
// across, generated arguments as a start.
import { describe, expect, it } from 'vitest';
import { schemaFields } from './schema-fields';
import { changeField, freshDraft, generatedDraft, submitDraft, switchMode } from './tool-draft';

const FIELDS = schemaFields({
  type: 'object',
  properties: { path: { type: 'string' }, depth: { type: 'integer' } },
  required: ['path'],
});

describe('tool draft', () => {
  it('names the fields to fix and the first to focus', () => {
    const submitted = submitDraft(changeField(freshDraft(FIELDS), 'depth', 'x'), FIELDS);
    expect(submitted).toMatchObject({ ok: false, focus: 0, draft: { problem: 'Fix path, depth first.' } });
  });

  it('carries typed values from the form to JSON and back', () => {
    const typed = changeField(changeField(freshDraft(FIELDS), 'path', 'a.txt'), 'depth', '2');
    const json = switchMode(typed, FIELDS, 'json');
    expect(JSON.parse(json.json)).toEqual({ path: 'a.txt', depth: 2 });
    const back = switchMode({ ...json, json: '{"path":"b.txt"}' }, FIELDS, 'form');
    expect(back.values).toEqual({ path: 'b.txt', depth: '' });
    expect(submitDraft(back, FIELDS)).toMatchObject({ ok: true, arguments: { path: 'b.txt' } });
  });

  it('takes raw JSON as it is, refusing what is not an object', () => {
    const json = { ...switchMode(freshDraft(FIELDS), FIELDS, 'json'), json: '{"extra": [1]}' };
    expect(submitDraft(json, FIELDS)).toMatchObject({ ok: true, arguments: { extra: [1] } });
    expect(submitDraft({ ...json, json: '"x"' }, FIELDS)).toMatchObject({ ok: false, focus: 'json' });
  });

  it('starts from the generated arguments', () => {
    const draft = generatedDraft(freshDraft(FIELDS), FIELDS, { path: 'generated.txt', depth: 1 });
    expect(draft.values).toEqual({ path: 'generated.txt', depth: '1' });
    expect(submitDraft(draft, FIELDS)).toMatchObject({ ok: true, arguments: { path: 'generated.txt', depth: 1 } });
  });

  it('names only the fields that failed, whatever they are called (issue 48: no "Fix constructor, toString first")', () => {
    const fields = schemaFields(
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"toString":{"type":"string"}},"required":["__proto__"]}',
      ),
    );
    expect(submitDraft(freshDraft(fields), fields)).toMatchObject({
      ok: false,
      draft: { problem: 'Fix __proto__ first.' },
      focus: 0,
    });
  });
});
