/**
 * The process's one diagnostic log. Every part of the core writes to `diagnostics`;
 * the entry point (Electron main, browser host, CLI) decides where it goes with
 * `startDiagnostics`: a rotating file in `<data dir>/logs/` always, and with --verbose
 * every line down to debug on stderr too. Until then (and in tests) nothing is recorded.
 */
import path from 'node:path';
import { DiagnosticLogger } from './diagnostic-logger';
import { isDiagnosticLevel, type DiagnosticLevel } from './levels';
import { rotatingLogFile } from './rotating-log-file';

export const diagnostics = new DiagnosticLogger();

/** The diagnostic log folder inside the app's data folder. */
export function logFolder(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

/** Overrides the log file's level (default info), e.g. MCP_WORKBENCH_LOG_LEVEL=debug. */
const LOG_LEVEL_VARIABLE = 'MCP_WORKBENCH_LOG_LEVEL';

export interface DiagnosticsOptions {
  dataDir: string;
  /** The file in the log folder: one per front end, so two running at once never rotate each other's file. */
  fileName: 'desktop.log' | 'browser.log' | 'cli.log';
  /** --verbose: every line down to debug also goes here (stderr). */
  verbose?: { write(text: string): unknown };
  env?: NodeJS.ProcessEnv;
}

/** Starts recording; returns the log file's path. */
export function startDiagnostics({ dataDir, fileName, verbose, env = process.env }: DiagnosticsOptions): string {
  const wanted = env[LOG_LEVEL_VARIABLE]?.trim().toLowerCase();
  const level: DiagnosticLevel = isDiagnosticLevel(wanted) ? wanted : verbose ? 'debug' : 'info';
  const file = rotatingLogFile({ dir: logFolder(dataDir), fileName, level });
  // Started again (the CLI's commands run in one process in tests): the new sinks replace the old.
  void diagnostics.close();
  diagnostics.addSink(file);
  if (verbose) diagnostics.addSink({ level: 'debug', write: (line) => void verbose.write(line) });
  if (wanted && !isDiagnosticLevel(wanted)) diagnostics.warn(`${LOG_LEVEL_VARIABLE}=${wanted} is not a level (error, warn, info, debug); the log file records info and above`);
  return file.path;
}

/**
 * For a `.catch` whose failure the app survives but whoever is finding out why something
 * went wrong wants to see: records the error, answers undefined.
 */
export function logFailure(message: string, level: DiagnosticLevel = 'warn'): (error: unknown) => undefined {
  return (error) => {
    diagnostics.log(level, message, error);
    return undefined;
  };
}

/**
 * For a `.catch` whose failure changes nothing (a best-effort close, a body nobody reads):
 * still recorded, at debug, with why it does not matter, so a failure is never dropped unseen.
 */
export function ignoreFailure(why: string): (error: unknown) => undefined {
  return logFailure(`Ignored: ${why}`, 'debug');
}
