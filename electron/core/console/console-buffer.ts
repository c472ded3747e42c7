/**
 * The server console's memory: the last entries of each server (stderr lines, log
 * messages, connection events), each cut at a maximum length. Each new entry is also
 * published as it is recorded; the front ends' event streams batch them
 * (events/event-batcher.ts), so a chatty server does not flood the event channel.
 */
import type { ConsoleEntry } from '../../../shared/api/server-console';
import { detachedHead } from '../util/detached-head';

export interface ConsoleLimits {
  /** Entries kept per server. */
  maxEntries: number;
  /** Characters kept of one entry's text. */
  maxEntryChars: number;
}

const DEFAULT_CONSOLE_LIMITS: ConsoleLimits = { maxEntries: 1000, maxEntryChars: 16 * 1024 };

export type NewConsoleEntry = Omit<ConsoleEntry, 'seq' | 'server' | 'time' | 'truncated'> & { time?: number };

export class ConsoleBuffer {
  private seq = 0;
  private readonly buffers = new Map<string, ConsoleEntry[]>();

  constructor(
    private readonly publish: (entry: ConsoleEntry) => void = () => undefined,
    private readonly limits: ConsoleLimits = DEFAULT_CONSOLE_LIMITS,
    /** Masks secret values in every entry's text before it is kept or pushed. */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  record(server: string, fields: NewConsoleEntry): ConsoleEntry {
    const text = this.redact(fields.text);
    const truncated = text.length > this.limits.maxEntryChars;
    const entry: ConsoleEntry = {
      ...fields,
      seq: ++this.seq,
      server,
      time: fields.time ?? Date.now(),
      text: truncated ? detachedHead(text, this.limits.maxEntryChars) : text,
      ...(truncated ? { truncated: true } : {}),
    };
    const entries = this.buffers.get(server) ?? [];
    this.buffers.set(server, entries);
    entries.push(entry);
    // Dropping in chunks keeps this O(1) amortized instead of a shift per entry.
    if (entries.length > this.limits.maxEntries * 1.25) entries.splice(0, entries.length - this.limits.maxEntries);
    this.publish(entry);
    return entry;
  }

  /** The server's kept entries, oldest first. */
  entries(server: string): ConsoleEntry[] {
    return (this.buffers.get(server) ?? []).slice(-this.limits.maxEntries);
  }

  clear(server: string): void {
    this.buffers.delete(server);
  }
}
