/** Keeps the last N lines written to a stream, splitting chunks on newlines. */
export class LineTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(
    private readonly capacity: number,
    private readonly onLine?: (line: string) => void,
  ) {}

  write(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.push(line);
  }

  /** Flushes an unterminated last line, e.g. when the stream ends. */
  end(): void {
    if (this.partial) this.push(this.partial);
    this.partial = '';
  }

  tail(count = this.capacity): string[] {
    const pending = this.partial ? [this.partial] : [];
    return [...this.lines, ...pending].slice(-count);
  }

  private push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.capacity) this.lines.shift();
    this.onLine?.(line);
  }
}
