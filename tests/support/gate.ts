/**
 * A gate: something a test holds shut (a message, a close, a file write) and opens when it
 * chooses, so an interleaving happens in exactly the order the test wants.
 */
export class Gate {
  private release!: () => void;
  private opened = false;
  /** Resolves once the gate is opened. */
  readonly passed: Promise<void> = new Promise((resolve) => (this.release = resolve));

  open(): void {
    this.opened = true;
    this.release();
  }

  get isOpen(): boolean {
    return this.opened;
  }
}

/** Records the order in which things happened ("call settled", "gate opened"), to assert on order rather than on time. */
export class Order {
  readonly events: string[] = [];

  note(event: string): void {
    this.events.push(event);
  }

  /** Notes `event` when the promise settles (either way) and passes it on unchanged. */
  track<T>(event: string, promise: Promise<T>): Promise<T> {
    promise.then(
      () => this.note(event),
      () => this.note(event),
    );
    return promise;
  }
}
