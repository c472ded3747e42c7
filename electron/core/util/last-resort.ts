/**
 * The last line of defence of a long-running entry point (the browser host, the CLI).
 * An error nobody caught would end the process on the spot and leave its servers
 * running: a stdio server that ignores its stdin closing lives on as an orphan. Instead
 * the error is reported, every server is stopped, and then the process exits (1 unless told).
 * A cleanup that hangs does not keep the process alive past the time limit.
 */
const LAST_RESORT_CLEANUP_MS = 5_000;

export interface LastResortOptions {
  /** Stops every server; called once, however many errors follow. */
  cleanup: () => Promise<void>;
  write: (text: string) => void;
  exit?: (code: number) => void;
  exitCode?: number;
  /** How long the cleanup may take before the process exits anyway. */
  timeLimitMs?: number;
}

/** Returns a function that removes the handler again. */
export function installLastResortHandler({
  cleanup,
  write,
  exit = (code) => process.exit(code),
  exitCode = 1,
  timeLimitMs = LAST_RESORT_CLEANUP_MS,
}: LastResortOptions): () => void {
  let stopping = false;
  const handle = (what: string, error: unknown) => {
    write(`MCP Workbench hit an unexpected error (${what}) and is stopping: ${describe(error)}\n`);
    if (stopping) return;
    stopping = true;
    write('Stopping every server before exiting…\n');
    const timer = setTimeout(() => exit(exitCode), timeLimitMs);
    void cleanup()
      .catch((cleanupError: unknown) => write(`Stopping the servers failed: ${describe(cleanupError)}\n`))
      .finally(() => {
        clearTimeout(timer);
        exit(exitCode);
      });
  };
  const onException = (error: Error) => handle('uncaught exception', error);
  const onRejection = (reason: unknown) => handle('unhandled rejection', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
