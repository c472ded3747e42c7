/**
 * One JSON config file on disk: loaded, edited and watched. Every write is atomic
 * (temp file and rename) and first keeps the previous version as a backup. A file that
 * does not parse is never overwritten: edits are refused with the file, line and column
 * until the user fixes it, while the last version that parsed stays in use.
 *
 * Each edit holds the file's cross-process lock while it re-reads, changes and writes the
 * file, so two processes sharing it (the app and the CLI, two browser hosts) never lose
 * each other's changes. A file is never written larger than it may be read.
 */
import { watch, type FSWatcher } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { AppError } from '../../../shared/envelope';
import { withFileLock } from '../util/file-lock';
import { SerialQueue } from '../util/serial-queue';
import { editJsonText, parseJsonText, type JsonEdit, type JsonObject, type JsonProblem } from './json-text';
import { removeStaleTempFiles } from '../util/stale-temp-files';
import { diagnostics, logFailure } from '../diagnostics/diagnostics';
import { failure } from '../../../shared/errors';

export type ConfigFileState =
  | { kind: 'missing' }
  | { kind: 'ok'; text: string; value: JsonObject }
  | { kind: 'broken'; text: string; problem: JsonProblem; lastGood?: JsonObject };

export interface ConfigFileOptions {
  /** Where the previous version goes before each write. */
  backupPath: string;
  /** File mode for a new file (an existing file keeps its own). */
  mode?: number;
  /** Allow comments and trailing commas. */
  jsonc?: boolean;
}

/** Longest a config file may be, read or written; config files are small, and a huge one is a mistake. */
export const MAX_CONFIG_FILE_BYTES = 10 * 1024 * 1024;
const LIMIT_TEXT = `${MAX_CONFIG_FILE_BYTES / 1024 / 1024} MB`;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
/** Editors write in bursts (truncate, write, rename): wait for the burst to end. */
const WATCH_SETTLE_MS = 60;

export class ConfigFile {
  private current: ConfigFileState = { kind: 'missing' };
  /** Loads and edits run one at a time, so a watcher never sees half of our own write. */
  private readonly queue = new SerialQueue();
  private watcher: FSWatcher | undefined;
  private settleTimer: NodeJS.Timeout | undefined;
  private loadedOnce = false;

  constructor(
    readonly path: string,
    private readonly options: ConfigFileOptions,
  ) {}

  get state(): ConfigFileState {
    return this.current;
  }

  /** The content in use: the file's, or the last version that parsed when it is broken. */
  get value(): JsonObject | undefined {
    if (this.current.kind === 'ok') return this.current.value;
    if (this.current.kind === 'broken') return this.current.lastGood;
    return undefined;
  }

  get problem(): JsonProblem | undefined {
    return this.current.kind === 'broken' ? this.current.problem : undefined;
  }

  /** Reads the file again; resolves true when its content changed. */
  load(): Promise<boolean> {
    return this.queue.run(async () => {
      if (!this.loadedOnce) {
        this.loadedOnce = true;
        // Temp files of writes that were killed half way (never one a live writer is using).
        await this.removeStaleTemps();
      }
      return this.readNow();
    });
  }

  /**
   * Holding the file's lock: re-reads the file (so edits made meanwhile by other
   * processes and tools are kept), applies the edits, keeps a backup of the previous
   * version, and writes the result atomically. `makeEdits` sees the file as it is now
   * and may throw to refuse the change; nothing is written then.
   */
  edit(makeEdits: (value: JsonObject) => JsonEdit[]): Promise<void> {
    return this.queue.run(() =>
      withFileLock(this.path, async () => {
        await this.readNow();
        const state = this.current;
        if (state.kind === 'broken') {
          throw failure('invalid-input', `Not saving: ${this.describeProblem()}. Fix the file first; nothing was written.`);
        }
        const before = state.kind === 'ok' ? state.text : '';
        const edits = makeEdits(state.kind === 'ok' ? state.value : {});
        const text = editJsonText(before, edits);
        const size = Buffer.byteLength(text, 'utf8');
        if (size > MAX_CONFIG_FILE_BYTES) {
          throw new AppError(
            'invalid-request',
            `Not saving: the change would make ${this.path} ${megabytes(size)}, over the ${LIMIT_TEXT} a config file may hold; nothing was written. Keep large values in a file the server reads instead.`,
          );
        }
        const parsed = parseJsonText(text, { jsonc: this.options.jsonc });
        if (!parsed.ok) throw new Error(`Internal error: an edit of ${this.path} produced invalid JSON (${parsed.problem.message})`);
        await fs.mkdir(path.dirname(this.path), { recursive: true });
        await this.removeStaleTemps();
        if (state.kind === 'ok') {
          await fs.mkdir(path.dirname(this.options.backupPath), { recursive: true });
          await writeFileAtomic(this.options.backupPath, before, { mode: 0o600 });
        }
        await writeFileAtomic(this.path, text, this.options.mode === undefined ? {} : { mode: this.options.mode });
        this.current = { kind: 'ok', text, value: parsed.value };
      }),
    );
  }

  /** "<file> does not parse: <what is wrong> at line L, column C" (or "cannot be used: <why>"), for messages. */
  describeProblem(): string {
    const problem = this.problem;
    if (!problem) return `${this.path} is fine`;
    // Only parse errors have a position; a file too large or unreadable was never parsed.
    return `${this.path} ${problem.line === undefined ? 'cannot be used' : 'does not parse'}: ${problem.message}`;
  }

  private async removeStaleTemps(): Promise<void> {
    await Promise.all([removeStaleTempFiles(this.path), removeStaleTempFiles(this.options.backupPath)]);
  }

  /**
   * Watches the file for changes made by other programs. The folder is watched, not the
   * file, because atomic writers (ours included) replace the file with a new one.
   */
  watch(onChange: () => void): void {
    if (this.watcher) return;
    const name = path.basename(this.path);
    try {
      this.watcher = watch(path.dirname(this.path), { persistent: false }, (_event, filename) => {
        if (filename !== null && filename.toString() !== name) return;
        clearTimeout(this.settleTimer);
        this.settleTimer = setTimeout(() => {
          void this.load().then(
            (changed) => changed && onChange(),
            logFailure(`Reloading ${this.path} after a change failed`),
          );
        }, WATCH_SETTLE_MS);
      });
      this.watcher.on('error', () => this.unwatch());
    } catch (error) {
      // The folder may not exist (yet); the file is then reloaded on the next edit.
      diagnostics.debug(`Watching ${this.path} failed`, error);
      this.watcher = undefined;
    }
  }

  unwatch(): void {
    clearTimeout(this.settleTimer);
    this.watcher?.close();
    this.watcher = undefined;
  }

  private async readNow(): Promise<boolean> {
    let text: string;
    try {
      const stat = await fs.stat(this.path);
      if (stat.size > MAX_CONFIG_FILE_BYTES) {
        const message = `it is ${megabytes(stat.size)}, over the ${LIMIT_TEXT} a config file may hold, so it was not read. Open it in a text editor and remove the oversized entry (the version before the last change the app made is in ${this.options.backupPath})`;
        return this.setState({ kind: 'broken', text: `size:${stat.size}:${stat.mtimeMs}`, problem: { message }, ...this.lastGood() });
      }
      text = await fs.readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.setState({ kind: 'missing' });
      return this.setState({ kind: 'broken', text: '', problem: { message: `it cannot be read (${(error as Error).message}); check that it is a file your user account may read` }, ...this.lastGood() });
    }
    const previous = this.current;
    if (previous.kind !== 'missing' && previous.text === text) return false;
    const parsed = parseJsonText(text, { jsonc: this.options.jsonc });
    return this.setState(parsed.ok ? { kind: 'ok', text, value: parsed.value } : { kind: 'broken', text, problem: parsed.problem, ...this.lastGood() });
  }

  private lastGood(): { lastGood?: JsonObject } {
    const value = this.value;
    return value ? { lastGood: value } : {};
  }

  private setState(next: ConfigFileState): boolean {
    const previous = this.current;
    this.current = next;
    if (previous.kind !== next.kind) return true;
    if (previous.kind === 'missing') return false;
    return previous.text !== (next as { text: string }).text;
  }
}
