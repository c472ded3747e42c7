/**
 * Writes a document that changes often (once per tool call, say) without writing it once
 * per change: `changed()` marks it dirty and arms one short timer; when the timer fires,
 * the document is written as it is then, so a burst of changes costs one write. Writes
 * never overlap: a change during a write is written after it. `flush()` writes what is
 * pending at once and waits (shutdown, tests). The timer is unref()ed: a pending write
 * never keeps a process alive, which is why shutdown must call `flush()`.
 */
export class CoalescedWriter {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    /** Writes the document's current state; a failure is handed to `onError` (the next change writes again). */
    private readonly write: () => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** The document changed: it is written within `delayMs`. */
  changed(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => void this.writeNow(), this.delayMs);
    this.timer.unref?.();
  }

  /** Writes a pending change now and waits for every write. */
  async flush(): Promise<void> {
    await this.writeNow();
  }

  private writeNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return this.writing;
    this.dirty = false;
    this.writing = this.writing.then(() => this.write()).catch(this.onError);
    return this.writing;
  }
}
