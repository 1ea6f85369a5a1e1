import { describe, expect, it } from 'vitest';
import { canonicalJson, compareUtf16 } from './canonical-json';

/** A float64 from its IEEE 754 bit pattern, as RFC 8785 Appendix B lists them. */
function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('RFC 8785 canonical JSON', () => {
  // RFC 8785 Appendix B: IEEE 754 bit pattern -> canonical text.
  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('number %s is %s', (bits, text) => {
    expect(canonicalJson(fromBits(bits))).toBe(text);
  });

  it.each([
    ['7fffffffffffffff', 'NaN'],
    ['7ff0000000000000', 'Infinity'],
  ])('number %s (%s) is refused', (bits) => {
    expect(() => canonicalJson(fromBits(bits))).toThrow();
  });

  it('serialises the RFC 8785 §3.2.2 example', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts members by UTF-16 code units (RFC 8785 §3.2.3 example)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it.each([
    ['a surrogate pair sorts before U+FB33 (code units, not code points)', '\ud83d\ude00', '\ufb33', -1],
    ['a prefix sorts first', 'ab', 'abc', -1],
    ['equal', 'x', 'x', 0],
    ['upper case before lower case', 'Z', 'a', -1],
  ])('compareUtf16: %s', (_label, a, b, sign) => {
    expect(Math.sign(compareUtf16(a, b))).toBe(sign);
  });

  it.each([
    ['nested objects and arrays', { b: [3, { y: 1, x: 2 }], a: null }, '{"a":null,"b":[3,{"x":2,"y":1}]}'],
    ['control characters', '\u0000\u001f\b\t', '"\\u0000\\u001f\\b\\t"'],
    ['a lone surrogate is escaped', '\ud800', '"\\ud800"'],
    ['undefined members are left out', { a: undefined, b: 1 }, '{"b":1}'],
    ['undefined in an array is null', [undefined], '[null]'],
    ['empty containers', { a: {}, b: [] }, '{"a":{},"b":[]}'],
  ])('%s', (_label, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('is independent of member order', () => {
    expect(canonicalJson({ a: 1, b: { c: 2, d: 3 } })).toBe(canonicalJson({ b: { d: 3, c: 2 }, a: 1 }));
  });

  it.each([[() => 1], [10n], [Symbol('s')]])('refuses a non-JSON value %#', (value) => {
    expect(() => canonicalJson(value)).toThrow();
  });
});
