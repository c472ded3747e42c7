/**
 * Browser mode's desktop, best effort: result files are opened and shown with the
 * platform's opener (`open`, `xdg-open`, `explorer`) on the machine the host runs on.
 * Links and "save as" are left to the page, which is the user's own browser.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Desktop } from '../core/desktop';

export function hostDesktop(platform: NodeJS.Platform = process.platform): Desktop {
  return {
    openPath: (filePath) => runOpener(platform, filePath),
    // Few file managers can select a file from the command line: open its folder.
    showItemInFolder: (filePath) => (platform === 'win32' ? run('explorer', [`/select,${filePath}`]) : runOpener(platform, path.dirname(filePath))),
  };
}

function runOpener(platform: NodeJS.Platform, target: string): Promise<void> {
  if (platform === 'darwin') return run('open', [target]);
  if (platform === 'win32') return run('explorer', [target]);
  return run('xdg-open', [target]);
}

/** Starts the opener detached; fails only when it cannot be started at all. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore' });
      child.once('error', (error) => reject(new Error(`${command} could not be started (${error.message})`)));
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    } catch (error) {
      reject(error as Error);
    }
  });
}
