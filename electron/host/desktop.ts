/**
 * Browser mode's desktop, best effort: result files are opened and shown with the
 * platform's opener (`open`, `xdg-open`, `explorer`) on the machine the host runs on.
 * Links and "save as" are left to the page, which is the user's own browser.
 *
 * An opener that finds nothing to open with (a host without a desktop: `xdg-open` exits 3
 * at once) fails the request, so the page can say so and offer the download instead of
 * silence. One still running after a moment has handed the file to an app: that counts as
 * opened.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Desktop } from '../core/desktop';

/** How long an opener may take to fail before it counts as having opened the file. */
const OPENER_VERDICT_MS = 1500;

export function hostDesktop(platform: NodeJS.Platform = process.platform): Desktop {
  return {
    openPath: (filePath) => runOpener(platform, filePath),
    // Few file managers can select a file from the command line: open its folder.
    showItemInFolder: (filePath) => (platform === 'win32' ? run('explorer', [`/select,${filePath}`], false) : runOpener(platform, path.dirname(filePath))),
  };
}

function runOpener(platform: NodeJS.Platform, target: string): Promise<void> {
  if (platform === 'darwin') return run('open', [target], true);
  // explorer's exit code says nothing about success.
  if (platform === 'win32') return run('explorer', [target], false);
  return run('xdg-open', [target], true);
}

/** Starts the opener detached; fails when it cannot be started, or (`checkExit`) when it soon exits with an error. */
function run(command: string, args: string[], checkExit: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore' });
      child.once('error', (error) => reject(new Error(`${command} could not be started (${error.message})`)));
      child.once('spawn', () => {
        child.unref();
        if (!checkExit) return resolve();
        const opened = setTimeout(resolve, OPENER_VERDICT_MS);
        opened.unref();
        child.once('exit', (code) => {
          clearTimeout(opened);
          if (code === 0 || code === null) resolve();
          else reject(new Error(`${command} found nothing to open it with (exit code ${code}): the machine MCP Workbench runs on may have no desktop`));
        });
      });
    } catch (error) {
      reject(error as Error);
    }
  });
}
