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

describe('SecretRedactor: every spelling of a secret', () => {
  const token = 'tok-9f8e7d6c5b4a';

  it('masks the bare credential of a Bearer, Token or Basic value, and what Basic decodes to', () => {
    const redactor = new SecretRedactor();
    redactor.remember(`Bearer ${token}`);
    expect(redactor.redact(`header Bearer ${token}; echoed ${token}`)).toBe(`header ${MASK}; echoed ${MASK}`);
    redactor.remember('token gh-0123456789');
    expect(redactor.redact('gh-0123456789')).toBe(MASK);
    const basic = Buffer.from('alice:pa55-w0rd-long').toString('base64');
    redactor.remember(`Basic ${basic}`);
    expect(redactor.redact(`${basic} alice:pa55-w0rd-long and pa55-w0rd-long`)).toBe(`${MASK} ${MASK} and ${MASK}`);
    // A credential too short to matter is masked only as part of the whole value.
    redactor.remember('Bearer ab');
    expect(redactor.redact('a tab, then Bearer ab')).toBe(`a tab, then ${MASK}`);
  });

  it('masks JSON-escaped forms (once, twice, ASCII-only) of a value holding quotes, backslashes and non-ASCII', () => {
    const secret = 'se"cr\\et-ünï-42';
    const redactor = new SecretRedactor();
    redactor.remember(secret);
    const once = JSON.stringify({ text: secret });
    const twice = JSON.stringify({ text: once });
    const ascii = once.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const text of [once, twice, ascii]) {
      const masked = redactor.redact(text);
      expect(masked, text).toContain(MASK);
      expect(masked).not.toMatch(/cr.{0,4}et/);
    }
  });

  it('masks URL-encoded and base64 forms, also base64 of a longer text that contains the secret', () => {
    const secret = 'p@ss word/with+signs';
    const redactor = new SecretRedactor();
    redactor.remember(secret);
    expect(redactor.redact(`?key=${encodeURIComponent(secret)}&x=1`)).toBe(`?key=${MASK}&x=1`);
    expect(redactor.redact(new URLSearchParams({ key: secret }).toString())).toBe(`key=${MASK}`);
    expect(redactor.redact(Buffer.from(secret).toString('base64'))).toBe(MASK);
    expect(redactor.redact(Buffer.from(secret).toString('base64url'))).toBe(MASK);
    for (const prefix of ['u:', 'us:', 'use:']) {
      const embedded = Buffer.from(`${prefix}${secret}`).toString('base64');
      const masked = redactor.redact(embedded);
      expect(masked, prefix).toContain(MASK);
      // At most the few characters shared with the neighbouring bytes are left.
      expect(masked.replace(MASK, '').length).toBeLessThanOrEqual(6);
    }
  });

  it('leaves text without a secret untouched (the same string), and learns new values at once', () => {
    const redactor = new SecretRedactor();
    redactor.remember('first-secret-1');
    const text = 'nothing to see here';
    expect(redactor.redact(text)).toBe(text);
    redactor.remember('second-secret-2');
    expect(redactor.redact('first-secret-1 second-secret-2')).toBe(`${MASK} ${MASK}`);
  });
});
