/**
 * The last line of defence of a long-running entry point (the browser host, the CLI).
 * An error nobody caught would end the process on the spot and leave its servers
 * running: a stdio server that ignores its stdin closing lives on as an orphan. Instead
 * the error is reported, every server is stopped, and then the process exits (1 unless told).
 * A cleanup that hangs does not keep the process alive past the time limit.
 */
export const LAST_RESORT_CLEANUP_MS = 5_000;

export interface LastResortOptions {
  /** Stops every server; called once, however many errors follow. */
  cleanup: () => Promise<void>;
  write: (text: string) => void;
  exit?: (code: number) => void;
  exitCode?: number;
}

export function installLastResortHandler({ cleanup, write, exit = (code) => process.exit(code), exitCode = 1 }: LastResortOptions): void {
  let stopping = false;
  const handle = (what: string, error: unknown) => {
    write(`MCP Workbench hit an unexpected error (${what}) and is stopping: ${describe(error)}\n`);
    if (stopping) return;
    stopping = true;
    write('Stopping every server before exiting…\n');
    setTimeout(() => exit(exitCode), LAST_RESORT_CLEANUP_MS);
    void cleanup()
      .catch((cleanupError: unknown) => write(`Stopping the servers failed: ${describe(cleanupError)}\n`))
      .finally(() => exit(exitCode));
  };
  process.on('uncaughtException', (error) => handle('uncaught exception', error));
  process.on('unhandledRejection', (reason) => handle('unhandled rejection', reason));
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
