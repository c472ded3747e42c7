import { describe, expect, it } from 'vitest';
import { CoalescedWriter } from './coalesced-writer';

describe('CoalescedWriter', () => {
  it('writes a burst of changes once, the state as it is when written, and flush() writes what is pending at once', async () => {
    let state = 0;
    const written: number[] = [];
    const writer = new CoalescedWriter(async () => void written.push(state), 60_000);
    for (let i = 1; i <= 1000; i++) {
      state = i;
      writer.changed();
    }
    // The timer is a minute away: only flush() can have written it.
    await writer.flush();
    expect(written).toEqual([1000]);
    // Nothing pending: no second write.
    await writer.flush();
    expect(written).toEqual([1000]);
  });

  it('never overlaps writes: a change during a write is written after it', async () => {
    let state = 'a';
    let running = 0;
    let overlapped = false;
    const written: string[] = [];
    let release!: () => void;
    const firstWriteHeld = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstWriteStarted = new Promise<void>((resolve) => (started = resolve));
    const writer = new CoalescedWriter(async () => {
      started();
      running++;
      overlapped ||= running > 1;
      const value = state;
      if (written.length === 0) await firstWriteHeld;
      written.push(value);
      running--;
    }, 60_000);
    writer.changed();
    const first = writer.flush();
    await firstWriteStarted;
    state = 'b';
    writer.changed();
    const second = writer.flush();
    release();
    await Promise.all([first, second]);
    expect(written).toEqual(['a', 'b']);
    expect(overlapped).toBe(false);
  });

  it('writes on its own after the delay, and a failed write is reported and written again on the next change', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let writes = 0;
    let wrote!: () => void;
    let next = new Promise<void>((resolve) => (wrote = resolve));
    const writer = new CoalescedWriter(
      async () => {
        writes++;
        const done = wrote;
        next = new Promise<void>((resolve) => (wrote = resolve));
        done();
        if (fail) throw new Error('disk full');
      },
      5,
      (error) => errors.push(error),
    );
    writer.changed();
    await next;
    await writer.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    writer.changed();
    await writer.flush();
    expect(writes).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
