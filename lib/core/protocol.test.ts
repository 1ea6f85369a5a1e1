import { describe, expect, it } from 'vitest';
import { eraOfVersion, parseProtocolChoice, protocolChoiceText } from './protocol';
import { describeChoice } from './report/protocol-facts';

describe('protocol choice', () => {
  it.each([
    ['auto', { mode: 'auto' }],
    ['legacy', { mode: 'legacy' }],
    ['modern', { mode: 'modern' }],
    ['2024-11-05', { mode: 'pinned', version: '2024-11-05' }],
    ['2026-07-28', { mode: 'pinned', version: '2026-07-28' }],
    ['2027-01-01', null],
    ['latest', null],
    ['', null],
  ])('parses %j', (text, expected) => {
    expect(parseProtocolChoice(text)).toEqual(expected);
  });

  it.each([
    ['2024-11-05', 'legacy'],
    ['2025-11-25', 'legacy'],
    ['2026-07-28', 'modern'],
  ])('%s is %s', (version, era) => {
    expect(eraOfVersion(version)).toBe(era);
  });

  it('spells a choice back and says how an era was chosen', () => {
    expect(protocolChoiceText({ mode: 'pinned', version: '2025-06-18' })).toBe('2025-06-18');
    expect(describeChoice({ mode: 'auto' }, 'legacy', '2025-11-25')).toMatch(/fell|initialize/);
    expect(describeChoice({ mode: 'auto' }, 'modern', '2026-07-28')).toMatch(/server\/discover offered 2026-07-28/);
    expect(describeChoice({ mode: 'legacy' }, 'legacy', '2025-11-25')).toMatch(/--protocol legacy/);
  });
});
