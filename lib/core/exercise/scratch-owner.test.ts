import { describe, expect, it } from 'vitest';
import { isScratchName, ownerGone, ownerText, parseOwner, startTimeOf } from './scratch-owner';

const STAT = (name: string, start: number) =>
  `4242 (${name}) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 11 0 ${start} 1000000 5000 18446744073709551615`;
const owner = { pid: 4242, start: 9000, pidNamespace: 'pid:[4026531836]' };

describe('scratch folders: whose they are', () => {
  it.each([
    ['hintcheck-exercise-AbC123', true],
    ['hintcheck-exercise-AbC12', false],
    ['hintcheck-exercise-AbC1234', false],
    ['hintcheck-exercise-../../x', false],
    ['hintcheck-cleanup-tmp-AbC123', false],
  ])('%s is the project`s own naming: %s', (name, own) => {
    expect(isScratchName(name)).toBe(own);
  });

  it('reads the start time after a command holding spaces and parentheses', () => {
    expect(startTimeOf(STAT('node', 9000))).toBe(9000);
    expect(startTimeOf(STAT('a) b (c', 77))).toBe(77);
    expect(startTimeOf('garbage')).toBeNull();
  });

  it('round-trips the owner record and refuses other shapes', () => {
    expect(parseOwner(ownerText(owner))).toEqual(owner);
    expect(parseOwner('{"pid": "1", "start": 0, "pidNamespace": "x"}')).toBeNull();
    expect(parseOwner('{"pid": 0, "start": 0, "pidNamespace": "x"}')).toBeNull();
    expect(parseOwner('not json')).toBeNull();
    expect(parseOwner('null')).toBeNull();
  });

  it.each([
    ['its PID runs nothing', null, owner.pidNamespace, true],
    ['its PID runs another process (reused)', STAT('bash', 12345), owner.pidNamespace, true],
    ['it still runs', STAT('node', 9000), owner.pidNamespace, false],
    ['it was made in another PID namespace', null, 'pid:[4026532000]', false],
  ])('the owner is gone when %s: %s', (_case, stat, here, gone) => {
    expect(ownerGone(owner, here, stat)).toBe(gone);
  });
});
