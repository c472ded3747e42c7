import { describe, expect, it } from 'vitest';
import { MASK, SecretRedactor } from './secret-redactor';

describe('SecretRedactor', () => {
  it('masks every known value in text, longest first, and ignores values too short to matter', () => {
    const redactor = new SecretRedactor();
    redactor.remember('abc');
    redactor.remember('sk-live-1234');
    redactor.remember('sk-live-1234-extra');
    expect(redactor.redact('key=sk-live-1234-extra and sk-live-1234, abc')).toBe(`key=${MASK} and ${MASK}, abc`);
  });

  it('walks whole values: nested objects, arrays and null-prototype objects, and copies only what changed', () => {
    const redactor = new SecretRedactor();
    const untouched = { a: ['x', { b: 'y' }] };
    expect(redactor.redactDeep(untouched)).toBe(untouched);
    redactor.remember('token-123456');
    expect(redactor.redactDeep(untouched)).toBe(untouched);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { deep: 'Bearer token-123456' });
    const value = { list: ['ok', { text: 'my token-123456' }], n: 1, flag: true, none: null, bare };
    expect(redactor.redactDeep(value)).toEqual({ list: ['ok', { text: `my ${MASK}` }], n: 1, flag: true, none: null, bare: { deep: `Bearer ${MASK}` } });
    expect(value.list[1]).toEqual({ text: 'my token-123456' });
  });
});
