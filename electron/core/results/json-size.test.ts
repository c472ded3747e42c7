import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonByteLength } from './json-size';

const real = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

describe('jsonByteLength', () => {
  it('matches JSON.stringify for any JSON value, short strings and long ones', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => jsonByteLength(value) === real(value)));
    const short = fc.string({ unit: 'binary', maxLength: 64 });
    fc.assert(fc.property(short, (text) => jsonByteLength(text) === real(text) && jsonByteLength({ [text]: text }) === real({ [text]: text })));
    for (const text of ['', 'echo', '~ !#', ' "', 'a\\b', '\u007f', '\u001f', 'é']) expect(jsonByteLength(text)).toBe(real(text));
    const long = fc.string({ unit: 'binary', minLength: 4096, maxLength: 6000 });
    fc.assert(fc.property(long, (text) => jsonByteLength(text) === real(text)), { numRuns: 50 });
  });

  it('counts escapes, lone surrogates and dropped members in long texts', () => {
    const text = `${'a"b\\c\n\t\u0001é😀'.repeat(600)}\ud800x\udc00`;
    expect(jsonByteLength(text)).toBe(real(text));
    const value = { text, skip: undefined, list: [1, undefined, () => 1, 'x'], when: new Date(0), n: Number.NaN };
    expect(jsonByteLength(value)).toBe(real(value));
  });
});
