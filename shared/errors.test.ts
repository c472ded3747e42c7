/** The one error module: messages of anything thrown, failures with a kind. */
import { describe, expect, it } from 'vitest';
import { AppError } from './envelope';
import { failure, messageOf } from './errors';

describe('messageOf', () => {
  it('gives an Error\'s message, and anything else as text', () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf(failure('unexpected', 'said for the user'))).toBe('said for the user');
    expect(messageOf('plain text')).toBe('plain text');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(undefined)).toBe('undefined');
    expect(messageOf(null)).toBe('null');
  });
});

describe('failure', () => {
  it('is a failed AppError that always has its kind, and keeps its cause in the process only', () => {
    const cause = new Error('socket hang up');
    const error = failure('connection', 'a: The server went away.', { cause });
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('failed');
    expect(error.kind).toBe('connection');
    expect(error.cause).toBe(cause);
    expect(error.toData()).toEqual({ code: 'failed', message: 'a: The server went away.', kind: 'connection' });
  });
});
