/**
 * Quitting, as Electron drives it: `before-quit` is emitted for every request to quit, and
 * again for a second press while the first is still cleaning up; `event.preventDefault()`
 * keeps the app running; `app.exit()` ends it without emitting anything more
 * (docs/api/app.md, "Event: 'before-quit'", `app.exit`). Forced with a gate and a fake clock.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quitAfterCleanup } from './quit';

class StandInApp extends EventEmitter {
  readonly exits: number[] = [];
  /** Like app.quit(): emits before-quit; says whether it went on to quit (nobody prevented it). */
  quit(): boolean {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
  exit(code = 0): void {
    this.exits.push(code);
  }
}

function gate() {
  let open: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open: () => open() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('quitting', () => {
  it('cleans up once, however many times quit is asked, then exits', async () => {
    const app = new StandInApp();
    const cleanup = gate();
    let runs = 0;
    quitAfterCleanup(app, async () => {
      runs++;
      await cleanup.closed;
    });
    expect(app.quit()).toBe(false);
    expect(app.quit()).toBe(false);
    expect(app.quit()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    expect(app.exits).toEqual([]);
    cleanup.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.exits).toEqual([0]);
    expect(runs).toBe(1);
  });

  it('exits after its bound when the cleanup never ends, and says so', async () => {
    const app = new StandInApp();
    const reports: string[] = [];
    quitAfterCleanup(app, () => new Promise<void>(() => undefined), { boundMs: 5_000, report: (problem) => reports.push(problem) });
    app.quit();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(app.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.exits).toEqual([0]);
    expect(reports).toEqual(['Closing the servers took longer than 5 s; quitting anyway.']);
  });

  it('exits when the cleanup fails, and reports the failure', async () => {
    const app = new StandInApp();
    const reports: unknown[] = [];
    quitAfterCleanup(app, async () => {
      throw new Error('a server would not stop');
    }, { report: (problem, error) => reports.push([problem, (error as Error).message]) });
    app.quit();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.exits).toEqual([0]);
    expect(reports).toEqual([['Closing the servers failed', 'a server would not stop']]);
  });
});
