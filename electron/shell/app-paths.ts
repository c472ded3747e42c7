/**
 * Where Electron keeps what is its own. The config folder (`userData`) is the one all
 * three modes share and the one users back up (on Windows the roaming profile); Chromium's
 * session data — HTTP and code caches, GPU cache, Local Storage — is large, re-creatable,
 * and goes to the cache folder instead (docs/api/app.md, `sessionData`: "Chromium may write
 * very large disk cache here … it is recommended to set this directory to other
 * locations"). Both must be set before the app is ready, and a folder must exist before
 * `setPath` names it, or it throws.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App } from 'electron';
import type { AppDirs } from '../core/app-data';

const SESSION_DATA_DIR = 'chromium';

export function placeAppPaths(app: Pick<App, 'setPath'>, configDir: string, dirs: AppDirs): void {
  app.setPath('userData', configDir);
  const sessionData = path.join(dirs.cache, SESSION_DATA_DIR);
  fs.mkdirSync(sessionData, { recursive: true });
  app.setPath('sessionData', sessionData);
}
