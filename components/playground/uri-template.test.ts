// RFC 6570 level 1 expansion for resource templates: variables found, values percent-encoded, operators left.
import { describe, expect, it } from 'vitest';
import { encodeUnreserved, expandUriTemplate, parseUriTemplate } from './uri-template';

describe('parseUriTemplate', () => {
  it('lists simple variables once, and operator expressions as unsupported', () => {
    expect(parseUriTemplate('demo://resource/dynamic/text/{resourceId}')).toEqual({
      variables: ['resourceId'],
      unsupported: [],
    });
    expect(parseUriTemplate('x://{a}/{b,c}/{a}{?q}{+path}')).toEqual({
      variables: ['a', 'b', 'c'],
      unsupported: ['{?q}', '{+path}'],
    });
    expect(parseUriTemplate('x://{bad name}').unsupported).toEqual(['{bad name}']);
  });
});

describe('expandUriTemplate', () => {
  it('expands RFC 6570 level 1 examples', () => {
    // RFC 6570 section 1.2, level 1: var = "value", hello = "Hello World!".
    expect(expandUriTemplate('{var}', { var: 'value' })).toBe('value');
    expect(expandUriTemplate('{hello}', { hello: 'Hello World!' })).toBe('Hello%20World%21');
  });

  it('percent-encodes reserved characters so a value stays one segment', () => {
    expect(expandUriTemplate('file:///{name}', { name: '../etc/passwd?x#y' })).toBe(
      'file:///..%2Fetc%2Fpasswd%3Fx%23y',
    );
    expect(encodeUnreserved("a-._~!*'()é")).toBe('a-._~%21%2A%27%28%29%C3%A9');
  });

  it('joins a list with commas, leaves undefined out, keeps operator expressions', () => {
    expect(expandUriTemplate('x://{a,b}/{c}{?q}', { a: '1', b: '2' })).toBe('x://1,2/{?q}');
    expect(expandUriTemplate('x://{a,b}', { b: '2' })).toBe('x://2');
  });
});
