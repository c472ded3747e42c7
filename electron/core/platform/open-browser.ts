/** Opens a URL in the user's default browser, best effort. */
import { spawn } from 'node:child_process';

export function openInBrowser(url: string, onError: (message: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error) => onError(`Could not open a browser (${error.message}); open the URL yourself.`));
    child.unref();
  } catch (error) {
    onError(`Could not open a browser (${(error as Error).message}); open the URL yourself.`);
  }
}
