/**
 * Events from the core, two ways:
 * - typed hooks (`on`) for listeners inside the core: one event type, its payload typed,
 *   called synchronously as the event is emitted;
 * - one batched stream per front-end subscriber (`stream`): a window or browser client gets
 *   the events of one short window as one array, so a burst of stderr lines or state changes
 *   costs one IPC message or WebSocket frame instead of one per event; of the protocol log,
 *   only the server the page watches (watchProtocolLog).
 * Every way sees the events in the order they were emitted.
 */
import type { AppEvent, AppEventListener, AppEventType, AppEventOf, Unsubscribe } from '../../../shared/events';
import { EventBatcher, type EventBatcherOptions } from './event-batcher';

export class EventBus {
  private readonly listeners = new Set<AppEventListener>();

  /** `filter` sees every event before any listener (the core masks secret values with it). */
  constructor(
    private readonly filter: (event: AppEvent) => AppEvent = (event) => event,
    private readonly onListenerError: (error: unknown) => void = () => undefined,
  ) {}

  /** Calls `listener` with every event of one type, its payload typed. */
  on<T extends AppEventType>(type: T, listener: (event: AppEventOf<T>) => void): Unsubscribe {
    return this.subscribe((event) => {
      if (event.type === type) listener(event as AppEventOf<T>);
    });
  }

  /** Calls `listener` with every event, synchronously (the CLI and the conformance client, which print as they go). */
  subscribe(listener: AppEventListener): Unsubscribe {
    // A wrapper per subscription, so one listener subscribed twice is two subscriptions.
    const entry: AppEventListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => void this.listeners.delete(entry);
  }

  /**
   * One front-end subscriber: `deliver` gets the events of each window as one batch, oldest
   * first. `flush()` delivers what waits now (before an answer that must not overtake them);
   * `take()` hands it back instead, to go out in the same message as that answer.
   */
  stream(deliver: (batch: AppEvent[]) => void, options: EventBatcherOptions = {}): EventStream {
    const batcher = new EventBatcher(deliver, options);
    // The protocol log is the busiest event (every message to and from every server), and a
    // page shows one server's, only while its log view is open: the rest is not sent.
    let logServer: string | undefined;
    const unsubscribe = this.subscribe((event) => {
      if (event.type !== 'protocol-log') return batcher.push(event);
      if (logServer === undefined) return;
      if (event.entries.every((entry) => entry.server === logServer)) return batcher.push(event);
      const entries = event.entries.filter((entry) => entry.server === logServer);
      if (entries.length > 0) batcher.push({ type: 'protocol-log', entries });
    });
    return {
      watchProtocolLog: (server) => {
        logServer = server;
      },
      flush: () => batcher.flush(),
      take: () => batcher.take(),
      close: () => {
        unsubscribe();
        batcher.close();
      },
    };
  }

  emit(event: AppEvent): void {
    const filtered = this.filter(event);
    for (const listener of this.listeners) {
      try {
        listener(filtered);
      } catch (error) {
        // One broken subscriber (a closed window, a dropped socket) must not starve the others.
        this.onListenerError(error);
      }
    }
  }
}

/** What a page may choose of the events it receives. */
export interface PageEvents {
  /** The one server whose protocol log reaches the page live; undefined: none. */
  watchProtocolLog(server: string | undefined): void;
}

export interface EventStream extends PageEvents {
  flush(): void;
  take(): AppEvent[];
  close(): void;
}
