/**
 * The call history and saved requests, in the app data folder:
 * - `history.jsonl`: one call per line (server, tool, arguments, outcome, a summary of the
 *   result, duration, time), appended as calls end; the newest HISTORY_LIMIT are kept
 *   (the file is compacted when it holds twice that). Lines that do not parse are skipped.
 * - `saved-requests.json`: requests saved under a name and a group.
 * Arguments bigger than MAX_ARGUMENT_BYTES are not kept (the entry says so). Secret
 * values in a call's arguments or summary, and in a saved request's arguments, are
 * masked before they are kept (re-running such a call sends the mask).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import type { HistoryEntry, HistoryQuery, SavedRequest, SaveRequestRequest } from '../../../shared/api/history';
import { AppError } from '../../../shared/envelope';
import { JsonFile } from '../util/json-file';
import { jsonByteLength } from '../results/json-size';
import { SerialQueue } from '../util/serial-queue';
import { logFailure } from '../diagnostics/diagnostics';

export const HISTORY_FILE = 'history.jsonl';
const SAVED_REQUESTS_FILE = 'saved-requests.json';
const HISTORY_LIMIT = 1000;
export const MAX_ARGUMENT_BYTES = 64 * 1024;
/** New lines are appended together, at most this long after a call ends. */
const HISTORY_WRITE_DELAY_MS = 200;

const Args = z.record(z.string(), z.unknown());
const EntrySchema = z.object({
  id: z.string(),
  time: z.number(),
  server: z.string(),
  tool: z.string(),
  fullName: z.string(),
  arguments: Args,
  argumentsTooLarge: z.boolean().optional(),
  outcome: z.enum(['ok', 'tool-error', 'failed', 'cancelled']),
  summary: z.string(),
  durationMs: z.number(),
  sizeBytes: z.number().optional(),
});
const SavedSchema = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  server: z.string(),
  tool: z.string(),
  arguments: Args,
  savedAt: z.number(),
});
const SavedFileSchema = z.looseObject({ requests: z.array(SavedSchema).default([]) });
type SavedFile = z.infer<typeof SavedFileSchema>;

export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'argumentsTooLarge'>;

export class HistoryStore {
  private entries: HistoryEntry[] = [];
  private linesOnDisk = 0;
  private saved: SavedFile = { requests: [] };
  private readonly savedFile: JsonFile<SavedFile>;
  /** Writes run one after another, so lines never interleave. */
  private readonly queue = new SerialQueue();
  private dirMade: Promise<void> | undefined;
  /** Entries added but not yet appended to the file (serialized when they are, off the call's path). */
  private unwritten: HistoryEntry[] = [];
  private appendQueued = false;
  private appendTimer: NodeJS.Timeout | undefined;
  /**
   * Whether the file may end in a torn line (a write cut short by a full disk or a crash):
   * found so at load, or after an append failed. The next append first cuts it back to its
   * last whole line, so the torn half and the new line never join into one that is lost.
   */
  private tailSuspect = false;

  constructor(
    private readonly dataDir: string,
    private readonly limit = HISTORY_LIMIT,
    /** Masks secret values (a tool's arguments or result may quote one) before anything is kept. */
    private readonly redact: <T>(value: T) => T = (value) => value,
  ) {
    this.savedFile = new JsonFile(path.join(dataDir, SAVED_REQUESTS_FILE), SavedFileSchema, () => ({ requests: [] }));
  }

  get historyPath(): string {
    return path.join(this.dataDir, HISTORY_FILE);
  }

  async load(): Promise<void> {
    this.saved = await this.savedFile.read();
    let text = '';
    try {
      text = await fs.readFile(this.historyPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const entries: HistoryEntry[] = [];
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    for (const line of lines) {
      try {
        const parsed = EntrySchema.safeParse(JSON.parse(line));
        if (parsed.success) entries.push(parsed.data);
      } catch {
        // A torn last line (the app stopped mid-write) is skipped.
      }
    }
    this.entries = entries.slice(-this.limit);
    this.linesOnDisk = lines.length;
    this.tailSuspect = text.length > 0 && !text.endsWith('\n');
  }

  /**
   * Records a call; the arguments are kept unless they are too big. The entry is listed
   * at once and its line appended in the background (`flush()` waits for the writes), so
   * a tool call never waits for the disk.
   */
  add(fields: NewHistoryEntry): HistoryEntry {
    // Measured, not serialized: the line is made when it is appended, and a call only pays
    // for a walk of its arguments (no string is built, however big they are).
    const tooLarge = jsonByteLength(fields.arguments) > MAX_ARGUMENT_BYTES;
    // Field by field, not spread: this runs for every call.
    const built: HistoryEntry = {
      id: randomUUID(),
      time: fields.time,
      server: fields.server,
      tool: fields.tool,
      fullName: fields.fullName,
      arguments: tooLarge ? {} : fields.arguments,
      outcome: fields.outcome,
      summary: fields.summary,
      durationMs: fields.durationMs,
    };
    if (tooLarge) built.argumentsTooLarge = true;
    if (fields.sizeBytes !== undefined) built.sizeBytes = fields.sizeBytes;
    const entry = this.redact(built);
    this.entries.push(entry);
    // shift(), not splice(0, n): V8 moves a shifted array's start in place, while splice
    // copies the whole array (17 µs a call at 1000 entries, more than the rest of a call).
    while (this.entries.length > this.limit) this.entries.shift();
    this.unwritten.push(entry);
    this.scheduleAppend();
    return entry;
  }

  list(query: HistoryQuery = {}): HistoryEntry[] {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const out: HistoryEntry[] = [];
    for (let i = this.entries.length - 1; i >= 0 && out.length < (query.limit ?? 500); i--) {
      const entry = this.entries[i]!;
      if (query.server && entry.server !== query.server) continue;
      if (words.length > 0) {
        const haystack = `${entry.fullName} ${entry.server} ${entry.tool} ${entry.outcome} ${entry.summary} ${JSON.stringify(entry.arguments)}`.toLowerCase();
        if (!words.every((word) => haystack.includes(word))) continue;
      }
      out.push(entry);
    }
    return out;
  }

  get(id: string): HistoryEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  delete(id: string): Promise<void> {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.id !== id);
    if (this.entries.length === before) return Promise.reject(new AppError('not-found', 'No such history entry.'));
    return this.queue.run(() => this.rewrite());
  }

  clear(): Promise<void> {
    this.entries = [];
    return this.queue.run(() => this.rewrite());
  }

  savedRequests(): SavedRequest[] {
    return [...this.saved.requests].sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name));
  }

  async saveRequest(request: SaveRequestRequest): Promise<SavedRequest> {
    if (Buffer.byteLength(JSON.stringify(request.arguments)) > MAX_ARGUMENT_BYTES) {
      throw new AppError('invalid-request', `These arguments are too big to save (more than ${MAX_ARGUMENT_BYTES / 1024} KB).`);
    }
    const group = request.group?.trim() ?? '';
    const name = request.name.trim();
    const existing = this.saved.requests.find((r) => r.name === name && r.group === group);
    const saved: SavedRequest = {
      id: existing?.id ?? randomUUID(),
      name,
      group,
      server: request.server,
      tool: request.tool,
      // The file is plain JSON on disk: a secret typed as an argument must not end up there.
      arguments: this.redact(request.arguments),
      savedAt: Date.now(),
    };
    const next = { ...this.saved, requests: [...this.saved.requests.filter((r) => r !== existing), saved] };
    await this.queue.run(() => this.savedFile.write(next));
    this.saved = next;
    return saved;
  }

  async deleteSavedRequest(id: string): Promise<void> {
    if (!this.saved.requests.some((r) => r.id === id)) throw new AppError('not-found', 'No such saved request.');
    const next = { ...this.saved, requests: this.saved.requests.filter((r) => r.id !== id) };
    await this.queue.run(() => this.savedFile.write(next));
    this.saved = next;
  }

  /** Writes what is pending now and waits for every write (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.appendTimer) await this.queueAppend();
    return this.queue.idle();
  }

  /**
   * Appends the lines added since the last append in one write, at most every
   * HISTORY_WRITE_DELAY_MS: a burst of calls costs a few writes, not one (open, write,
   * close) each. A failed write loses those lines of the file, never the calls: the
   * entries stay listed. `flush()` writes at once.
   */
  private scheduleAppend(): void {
    if (this.appendTimer || this.appendQueued) return;
    this.appendTimer = setTimeout(() => this.queueAppend(), HISTORY_WRITE_DELAY_MS);
    // Shutdown calls flush(); the timer alone must not keep a process alive.
    this.appendTimer.unref?.();
  }

  private queueAppend(): Promise<void> {
    if (this.appendTimer) clearTimeout(this.appendTimer);
    this.appendTimer = undefined;
    if (this.appendQueued) return this.queue.idle();
    this.appendQueued = true;
    return this.queue.run(async () => {
      this.appendQueued = false;
      const added = this.unwritten;
      this.unwritten = [];
      if (added.length === 0) return;
      if (this.linesOnDisk + added.length > this.limit * 2) await this.rewrite();
      else {
        const body = linesOf(added);
        await this.ensureDir();
        try {
          if (this.tailSuspect) await cutTornTail(this.historyPath);
          this.tailSuspect = false;
          await fs.appendFile(this.historyPath, body, { mode: 0o600 });
        } catch (error) {
          // Part of it may be on disk; the lines wait for the next append (nothing listed is lost).
          this.tailSuspect = true;
          this.unwritten = [...added, ...this.unwritten];
          throw error;
        }
        this.linesOnDisk += added.length;
      }
    }).catch(logFailure('Appending to the history file failed'));
  }

  /** The data folder is made once, not before every line. */
  private ensureDir(): Promise<void> {
    this.dirMade ??= fs.mkdir(this.dataDir, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        this.dirMade = undefined;
        throw error;
      },
    );
    return this.dirMade;
  }

  private async rewrite(): Promise<void> {
    // The kept entries include every line not yet appended.
    const body = linesOf(this.entries);
    this.unwritten = [];
    await this.ensureDir();
    await writeFileAtomic(this.historyPath, body, { mode: 0o600 });
    this.linesOnDisk = this.entries.length;
  }
}

/** Cuts the file back to the end of its last whole line (nothing when it ends with one, or is missing). */
async function cutTornTail(file: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const chunk = Buffer.alloc(64 * 1024);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - chunk.length);
      const { bytesRead } = await handle.read(chunk, 0, end - start, start);
      const newline = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (newline !== -1) {
        if (start + newline + 1 !== size) await handle.truncate(start + newline + 1);
        return;
      }
      end = start;
    }
    // Not one whole line: the file was only the torn one.
    await handle.truncate(0);
  } finally {
    await handle.close();
  }
}

/** Each entry's line, made when it is first written: the file's compaction rewrites the kept entries without serializing them again. */
const lines = new WeakMap<HistoryEntry, string>();

/** Entries as history.jsonl lines. */
function linesOf(entries: readonly HistoryEntry[]): string {
  let body = '';
  for (const entry of entries) {
    let line = lines.get(entry);
    if (line === undefined) lines.set(entry, (line = `${JSON.stringify(entry)}\n`));
    body += line;
  }
  return body;
}
