import { describe, expect, it } from 'vitest';
import { ownValue, setOwn } from './own';

describe('own-property records', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s is not read from the prototype', (name) => {
    expect(ownValue({}, name)).toBeUndefined();
  });

  it.each(['constructor', 'toString', '__proto__'])(
    '%s is set as a key of its own, the prototype untouched',
    (name) => {
      const record: Record<string, unknown> = {};
      setOwn(record, name, { polluted: true });
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.keys(record)).toEqual([name]);
      expect(ownValue(record, name)).toEqual({ polluted: true });
      expect(JSON.parse(JSON.stringify(record))).toEqual(JSON.parse(`{${JSON.stringify(name)}:{"polluted":true}}`));
    },
  );
});
