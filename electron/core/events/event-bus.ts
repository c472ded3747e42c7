/** Fan-out of AppEvents from the core to every attached window or browser client. */
import type { AppEvent, AppEventListener, Unsubscribe } from '../../../shared/events';

export class EventBus {
  private readonly listeners = new Set<AppEventListener>();

  /** `filter` sees every event before any listener (the core masks secret values with it). */
  constructor(private readonly filter: (event: AppEvent) => AppEvent = (event) => event) {}

  subscribe(listener: AppEventListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    const filtered = this.filter(event);
    for (const listener of this.listeners) {
      try {
        listener(filtered);
      } catch {
        // One broken subscriber (a closed window, a dropped socket) must not starve the others.
      }
    }
  }
}
