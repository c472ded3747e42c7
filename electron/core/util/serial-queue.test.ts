import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue';

/** A task that runs only when let go, recording when it starts and ends. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    task: async () => {
      log.push(`${name} start`);
      await opened;
      log.push(`${name} end`);
      return name;
    },
  };
}

describe('SerialQueue', () => {
  it('runs one task at a time, in order; a failure rejects only its own caller', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = queue.run(a.task);
    const failing = queue.run(async () => {
      log.push('fail');
      throw new Error('this write failed');
    });
    const second = queue.run(b.task);
    const idle = queue.idle();
    // b is let go first, yet starts only after a and the failing task are done.
    b.open();
    a.open();
    expect(await first).toBe('a');
    await expect(failing).rejects.toThrow('this write failed');
    expect(await second).toBe('b');
    await idle;
    expect(log).toEqual(['a start', 'a end', 'fail', 'b start', 'b end']);
  });
});
