/**
 * Quitting closes every server first, once, within a bound. Electron emits `before-quit`
 * for every way out (the menu, Cmd+Q, the last window closed, a SIGINT or SIGTERM that
 * Chromium turns into a graceful quit) and again for a second press while the first is
 * still cleaning up. The first one starts the one cleanup; every later one waits for it.
 * When it is done — or after `boundMs`, so a server that will not die cannot keep the app
 * open — the app exits with `app.exit()`, which emits nothing more (docs/api/app.md).
 */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  exit(code?: number): void;
}

const QUIT_BOUND_MS = 5_000;

export interface QuitOptions {
  boundMs?: number;
  /** Told when the cleanup failed or ran past its bound. */
  report?: (problem: string, error?: unknown) => void;
}

/** Registers the before-quit handler; `cleanup` runs at most once. */
export function quitAfterCleanup(app: QuittingApp, cleanup: () => Promise<void>, options: QuitOptions = {}): void {
  const boundMs = options.boundMs ?? QUIT_BOUND_MS;
  let cleaning: Promise<void> | undefined;
  app.on('before-quit', (event) => {
    event.preventDefault();
    if (cleaning) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        options.report?.(`Closing the servers took longer than ${boundMs / 1000} s; quitting anyway.`);
        resolve();
      }, boundMs);
    });
    const work = Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => options.report?.('Closing the servers failed', error));
    cleaning = Promise.race([work, bound]).then(() => {
      clearTimeout(timer);
      app.exit(0);
    });
  });
}
