/**
 * The diagnostic log file: size-capped and rotated (rotating-file-stream, in the classical
 * logrotate way: `browser.log`, then `browser.log.1` … the oldest dropped), so a long run
 * that logs a lot never fills the disk. The file is opened on the first line: a run that
 * logs nothing leaves nothing behind.
 */
import path from 'node:path';
import { once } from 'node:events';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import type { DiagnosticSink } from './diagnostic-logger';
import type { DiagnosticLevel } from './levels';

/** A file is rotated once it reaches this size. */
const LOG_FILE_SIZE = '1M';
/** Rotated files kept beside the current one. */
const LOG_FILES_KEPT = 4;

export interface RotatingLogFileOptions {
  dir: string;
  /** The current file's name, e.g. `browser.log`. */
  fileName: string;
  level: DiagnosticLevel;
  /** For tests: a smaller size than LOG_FILE_SIZE, e.g. '1K'. */
  size?: `${number}${'B' | 'K' | 'M'}`;
  kept?: number;
}

export function rotatingLogFile(options: RotatingLogFileOptions): DiagnosticSink & { path: string; close(): Promise<void> } {
  let stream: RotatingFileStream | undefined;
  const open = () =>
    createStream(options.fileName, {
      path: options.dir,
      size: options.size ?? LOG_FILE_SIZE,
      rotate: options.kept ?? LOG_FILES_KEPT,
      mode: 0o600,
    }).on('error', () => {
      // An unwritable log folder must not crash the app; the lines are lost, the app goes on.
      stream = undefined;
    });
  return {
    path: path.join(options.dir, options.fileName),
    level: options.level,
    write(line) {
      (stream ??= open()).write(line);
    },
    async close() {
      const current = stream;
      stream = undefined;
      if (!current) return;
      current.end();
      // A log folder that went away fails here: nothing more to write, nothing to report.
      await once(current, 'finish').catch(() => undefined);
    },
  };
}
