/** The wait between two tasks/get: the server's suggestion, within bounds. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_MS, MAX_POLL_MS, MIN_POLL_MS, pollDelay } from './poll-delay';

describe('pollDelay', () => {
  it('follows the interval the server suggests', () => {
    expect(pollDelay(250)).toBe(250);
    expect(pollDelay(5000)).toBe(5000);
  });

  it('waits 1 s when the server suggests none', () => {
    expect(pollDelay(undefined)).toBe(DEFAULT_POLL_MS);
    expect(pollDelay(Number.NaN)).toBe(DEFAULT_POLL_MS);
  });

  it('never polls in a busy loop, and never waits longer than a minute', () => {
    expect(pollDelay(0)).toBe(MIN_POLL_MS);
    expect(pollDelay(-5)).toBe(MIN_POLL_MS);
    expect(pollDelay(3_600_000)).toBe(MAX_POLL_MS);
  });
});
