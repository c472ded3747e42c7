/**
 * Pushes a server's new entries (protocol log, console) to the window in batches, at most
 * one push per short interval, so a chatty server does not flood the event channel.
 * The timer is unref()ed: a pending batch never keeps the process alive.
 */
const FLUSH_MS = 50;

export class BatchedPublisher<E extends { server: string }> {
  private pending: E[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly publish: (entries: E[]) => void) {}

  push(entry: E): void {
    this.pending.push(entry);
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
    this.timer.unref?.();
  }

  /** The server's entries waiting for the next batch are dropped (its log was cleared). */
  dropServer(server: string): void {
    this.pending = this.pending.filter((entry) => entry.server !== server);
  }

  /** Pushes the waiting entries now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.publish(batch);
  }
}
