import { afterEach, describe, expect, it } from 'vitest';
import { installLastResortHandler } from './last-resort';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

/** Resolves with the exit code the handler asks for. */
function install(cleanup: () => Promise<void>, lines: string[], timeLimitMs = 60_000): Promise<number> {
  return new Promise((resolve) => {
    uninstall = installLastResortHandler({ cleanup, write: (text) => lines.push(text), exit: resolve, exitCode: 7, timeLimitMs });
  });
}

// Node delivers an error nobody caught by emitting these events on process; so does the test.
describe('the last-resort handler', () => {
  it('stops the servers once, however many errors follow, then exits with its code', async () => {
    const lines: string[] = [];
    let cleanups = 0;
    let finishCleanup!: () => void;
    const exited = install(() => {
      cleanups++;
      return new Promise((resolve) => (finishCleanup = resolve));
    }, lines);
    process.emit('uncaughtException', new Error('first'));
    process.emit('unhandledRejection', new Error('second'), Promise.resolve());
    expect(cleanups).toBe(1);
    finishCleanup();
    expect(await exited).toBe(7);
    expect(lines.join('')).toMatch(/unexpected error \(uncaught exception\)[^\n]*first[\s\S]*Stopping every server[\s\S]*\(unhandled rejection\)[^\n]*second/);
  });

  it('exits after its time limit when stopping the servers hangs, and says when stopping fails', async () => {
    const hanging = install(() => new Promise(() => undefined), [], 50);
    process.emit('uncaughtException', new Error('boom'));
    expect(await hanging).toBe(7);
    uninstall?.();

    const lines: string[] = [];
    const failing = install(async () => {
      throw new Error('could not stop');
    }, lines);
    process.emit('uncaughtException', new Error('boom'));
    expect(await failing).toBe(7);
    expect(lines.join('')).toContain('Stopping the servers failed: Error: could not stop');
  });
});
