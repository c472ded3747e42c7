/**
 * The registry behind cancelCall for requests a front end names with a callId: a second
 * call under a running id is refused, unless it is the same call registered again by a
 * layer below the one that registered it first (it is handed that registration's signal),
 * and a cancel reaches the call either way.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/envelope';
import { CancellableCalls } from './cancellable-calls';

/** A piece of work that waits until its signal aborts, and says it was cancelled. */
const untilCancelled = (signal: AbortSignal | undefined) =>
  new Promise<string>((resolve) => {
    if (!signal) throw new Error('no signal');
    signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
  });

describe('CancellableCalls', () => {
  it('refuses a second call under an id that is running', async () => {
    const calls = new CancellableCalls();
    const first = calls.run('same', undefined, untilCancelled);
    await expect(calls.run('same', undefined, untilCancelled)).rejects.toThrow(AppError);
    expect(calls.cancel('same')).toBe(true);
    expect(await first).toBe('cancelled');
    expect(calls.cancel('same')).toBe(false);
  });

  it('carries the same call on under its first registration when a layer below registers it again with the signal it was given', async () => {
    const calls = new CancellableCalls();
    let inner: Promise<string> | undefined;
    const outer = calls.run('chat', undefined, (signal) => {
      inner = calls.run('chat', { signal: signal! }, untilCancelled);
      return inner;
    });
    // One cancel reaches both layers, and the id is free once the call has ended.
    expect(calls.cancel('chat')).toBe(true);
    expect(await outer).toBe('cancelled');
    expect(await inner).toBe('cancelled');
    expect(calls.cancel('chat')).toBe(false);
  });

  it('still refuses a call under a running id that brings a signal of its own', async () => {
    const calls = new CancellableCalls();
    const first = calls.run('chat', undefined, untilCancelled);
    await expect(calls.run('chat', { signal: new AbortController().signal }, untilCancelled)).rejects.toThrow(/already running/);
    calls.cancel('chat');
    await first;
  });
});
