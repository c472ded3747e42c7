/**
 * Resolves after `ms`. Its timer does not keep the process alive by itself (a bound on a
 * wait, raced against what is waited for), unless `keepAlive`: then waiting is the work
 * still to do (a retry after a pause). A module of its own: the stdio transport needs it
 * on the way to a server's start, before the connection code (and the SDK) is read.
 */
export function delay(ms: number, { keepAlive = false } = {}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (!keepAlive) timer.unref?.();
  });
}
