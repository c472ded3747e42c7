/**
 * The protocol log's memory: a ring buffer per server, bounded in entries and in
 * characters, with each entry's text cut at a maximum. Each new entry is also published
 * as it is recorded; the front ends' event streams batch them (events/event-batcher.ts).
 * An entry is built (masked, measured, cut) once, as it is recorded.
 */
import type { ProtocolLogEntry } from '../../../shared/protocol-log';
import { detachedHead } from '../util/detached-head';

export interface ProtocolLogLimits {
  /** Entries kept per server. */
  maxEntries: number;
  /** Characters of text kept per server. */
  maxChars: number;
  /** Characters kept of one entry's text. */
  maxEntryChars: number;
}

const DEFAULT_PROTOCOL_LOG_LIMITS: ProtocolLogLimits = {
  maxEntries: 2000,
  maxChars: 8 * 1024 * 1024,
  maxEntryChars: 256 * 1024,
};

export type NewProtocolLogEntry = Omit<ProtocolLogEntry, 'seq' | 'server' | 'time' | 'truncated' | 'size'> & {
  time?: number;
  /** Bytes of the message; left out, it is measured from `text` when the entry is built. */
  size?: number;
  /** `text` is only the start of the message (a long line read as it streamed; `size` is the whole). */
  cut?: boolean;
};

interface ServerLog {
  entries: ProtocolLogEntry[];
  /** Index of the oldest kept entry: dropping from the front is O(1) until compaction. */
  start: number;
  chars: number;
}

export class ProtocolLog {
  private seq = 0;
  private readonly logs = new Map<string, ServerLog>();

  constructor(
    private readonly publish: (entry: ProtocolLogEntry) => void = () => undefined,
    private readonly limits: ProtocolLogLimits = DEFAULT_PROTOCOL_LOG_LIMITS,
  ) {}

  record(server: string, fields: NewProtocolLogEntry): void {
    // Masked whole before a long text is cut (so no secret is cut in half), and the entry
    // keeps only what it shows: a 20 MB message is not kept alive by the log.
    const entry = this.build(++this.seq, server, fields.time ?? Date.now(), fields);
    let log = this.logs.get(server);
    if (!log) this.logs.set(server, (log = { entries: [], start: 0, chars: 0 }));
    log.entries.push(entry);
    log.chars += entry.text.length;
    while (log.entries.length - log.start > this.limits.maxEntries || (log.chars > this.limits.maxChars && log.entries.length - log.start > 1)) {
      log.chars -= log.entries[log.start]!.text.length;
      log.start++;
    }
    if (log.start > 1024 && log.start * 2 > log.entries.length) {
      log.entries = log.entries.slice(log.start);
      log.start = 0;
    }
    this.publish(entry);
  }

  /** The text as kept and shown (subclasses mask secrets in it). */
  protected prepareText(text: string): string {
    return text;
  }

  /** The server's kept entries, oldest first. */
  entries(server: string): ProtocolLogEntry[] {
    const log = this.logs.get(server);
    if (!log) return [];
    return log.entries.slice(log.start);
  }

  clear(server: string): void {
    this.logs.delete(server);
  }

  private build(seq: number, server: string, time: number, fields: NewProtocolLogEntry): ProtocolLogEntry {
    const full = this.prepareText(fields.text);
    const long = full.length > this.limits.maxEntryChars;
    const truncated = long || fields.cut === true;
    // Built field by field, not spread: spreading objects of varying shapes is several times slower.
    const entry: ProtocolLogEntry = {
      seq,
      server,
      time,
      direction: fields.direction,
      kind: fields.kind,
      size: fields.size ?? Buffer.byteLength(fields.text),
      text: long ? detachedHead(full, this.limits.maxEntryChars) : full,
    };
    if (fields.method !== undefined) entry.method = fields.method;
    if (fields.id !== undefined) entry.id = fields.id;
    if (fields.latencyMs !== undefined) entry.latencyMs = fields.latencyMs;
    if (fields.headers !== undefined) entry.headers = Object.fromEntries(Object.entries(fields.headers).map(([name, value]) => [name, this.prepareText(value)]));
    if (fields.conversation !== undefined) entry.conversation = fields.conversation;
    if (fields.round !== undefined) entry.round = fields.round;
    if (truncated) entry.truncated = true;
    return entry;
  }
}
