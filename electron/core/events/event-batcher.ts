/**
 * Coalesces events into batches: the first event of a batch opens a window (about one
 * animation frame); everything pushed until it closes goes out together, in order. A
 * batch that grows past `maxBatch` goes out at once, so no single message grows without bound.
 *
 * One timer serves the batcher's whole life: a new window re-arms it (`refresh`), and an
 * answer that takes what waits leaves it be (it then fires with nothing to deliver, unless
 * the next window re-armed it first). Creating and clearing a timer for every call, whose
 * answer carries that call's events, was a measurable part of a call over the browser host.
 *
 * This is the core's one batching layer for front ends: the protocol log and the server
 * console emit each entry as it is recorded, and the entries of consecutive events of
 * one such type (`protocol-log`, `server-console`) are joined here into one event, so a
 * burst of entries costs one event in one message, not one event per entry.
 */
import type { AppEvent } from '../../../shared/events';

export interface EventBatcherOptions {
  /** How long a batch collects events, in ms (default 16: one frame at 60 Hz, which the page could not draw faster anyway). */
  windowMs?: number;
  /** The most events in one batch (default 1000); joined entries count one each. */
  maxBatch?: number;
  /** Hears a `deliver` that threw when the window closed (nobody else could: it ran on a timer). */
  onError?: (error: unknown) => void;
}

type EntriesEvent = Extract<AppEvent, { type: 'protocol-log' | 'server-console' }>;

function carriesEntries(event: AppEvent): event is EntriesEvent {
  return event.type === 'protocol-log' || event.type === 'server-console';
}

export class EventBatcher {
  private pending: AppEvent[] = [];
  /** How many events and entries wait (what maxBatch bounds). */
  private size = 0;
  /**
   * The joined events this batcher made itself: only these are appended to. An event as
   * emitted is shared by every subscriber and never changed.
   */
  private readonly own = new WeakSet<AppEvent>();
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
    const opensBatch = this.pending.length === 0;
    this.append(event);
    if (this.size >= this.maxBatch) {
      this.flush();
      return;
    }
    if (opensBatch) this.openWindow();
  }

  /** Delivers what waits now. */
  flush(): void {
    const batch = this.take();
    if (batch.length > 0) this.deliver(batch);
  }

  /** Hands back what waits, instead of delivering it (to send it along with an answer). */
  take(): AppEvent[] {
    const batch = this.pending;
    this.pending = [];
    this.size = 0;
    return batch;
  }

  /** Drops what waits: the subscriber has gone. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.take();
  }

  /** The window of a new batch: windowMs from now. */
  private openWindow(): void {
    if (this.timer) {
      // Re-armed from now, whether it was still running (for a batch an answer took) or had fired.
      this.timer.refresh();
      return;
    }
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

  private append(event: AppEvent): void {
    const entries = carriesEntries(event) ? event.entries.length : 1;
    this.size += entries;
    const last = this.pending[this.pending.length - 1];
    if (last && carriesEntries(event) && carriesEntries(last) && last.type === event.type) {
      this.join(last, event);
      return;
    }
    this.pending.push(event);
  }

  /** Appends `next`'s entries to `last` (copied first unless this batcher made it). */
  private join(last: EntriesEvent, next: EntriesEvent): void {
    let target = last;
    if (!this.own.has(last)) {
      target = { type: last.type, entries: [...last.entries] } as EntriesEvent;
      this.own.add(target);
      this.pending[this.pending.length - 1] = target;
    }
    // One by one: spreading a long array into push() can overflow the stack.
    const entries = target.entries as unknown[];
    for (const entry of next.entries) entries.push(entry);
  }
}
