/**
 * Runs tasks one at a time, in the order they were queued: the writes of one file (or one
 * store) never overlap, so a later write never lands before an earlier one. A task that
 * fails rejects its own caller only; the tasks after it still run.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined); // the next task runs whatever this one did; its caller got the failure.
    return run;
  }

  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
