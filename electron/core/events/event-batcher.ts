/**
 * Coalesces events into batches: the first event of a batch opens a window (about one
 * animation frame); everything pushed until it closes goes out together, in order. A
 * batch that grows past `maxBatch` goes out at once, so no single message grows without bound.
 */
import type { AppEvent } from '../../../shared/events';

export interface EventBatcherOptions {
  /** How long a batch collects events, in ms (default 16: one frame at 60 Hz, which the page could not draw faster anyway). */
  windowMs?: number;
  /** The most events in one batch (default 1000). */
  maxBatch?: number;
  /** Hears a `deliver` that threw when the window closed (nobody else could: it ran on a timer). */
  onError?: (error: unknown) => void;
}

export class EventBatcher {
  private pending: AppEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly windowMs: number;
  private readonly maxBatch: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly deliver: (batch: AppEvent[]) => void,
    { windowMs = 16, maxBatch = 1000, onError = () => undefined }: EventBatcherOptions = {},
  ) {
    this.windowMs = windowMs;
    this.maxBatch = maxBatch;
    this.onError = onError;
  }

  push(event: AppEvent): void {
    if (this.closed) return;
    this.pending.push(event);
    if (this.pending.length >= this.maxBatch) {
      this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => {
        try {
          this.flush();
        } catch (error) {
          this.onError(error);
        }
      }, this.windowMs);
      // Waiting events never keep a finished process alive.
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.deliver(batch);
  }

  /** Drops what waits: the subscriber has gone. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }
}
