/**
 * Opens a URL in the user's default browser, best effort. When that fails — the opener is
 * missing, or it exits with an error (`xdg-open` exits 3 on a machine without a desktop or
 * browser) — `onError` gets one sentence that says so and names the URL to open by hand.
 */
import { spawn } from 'node:child_process';

/**
 * @param url what the browser is asked to open
 * @param onError told once, when no browser could be opened
 * @param urlToShow the URL the sentence names (the one the user can open by hand; `url` by default)
 */
export function openInBrowser(url: string, onError: (message: string) => void, urlToShow = url): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  let told = false;
  const fail = (why: string) => {
    if (told) return;
    told = true;
    onError(`Could not open a browser (${why}): open ${urlToShow} in one yourself.`);
  };
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error) => fail(error.message));
    // An opener that has handed the URL to a browser exits 0 or keeps running (some stay
    // until the browser closes); one that found no browser exits with an error at once.
    child.on('exit', (code) => {
      if (code !== null && code !== 0) fail(`${command} exited with code ${code}`);
    });
    child.unref();
  } catch (error) {
    fail((error as Error).message);
  }
}
