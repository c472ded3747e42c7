// @vitest-environment happy-dom
/** The server row's note while a background reconnect waits: when, and which try, counting down. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetryNote, retryText } from './RetryNote';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RetryNote', () => {
  it('says when the next try comes and which one it is, counting down', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    render(<RetryNote retry={{ attempt: 4, of: 8, at: 1_008_000 }} />);
    expect(screen.getByRole('status').textContent).toBe('Retrying in 8 s (try 4 of 8)');
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status').textContent).toBe('Retrying in 5 s (try 4 of 8)');
  });

  it('says "now" once the time has come', () => {
    expect(retryText({ attempt: 1, of: 8, at: 500 }, 900)).toBe('Retrying now (try 1 of 8)');
  });
});
