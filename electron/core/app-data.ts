/**
 * Where the app keeps its data (config, history, credentials, caches). Every mode
 * (Electron, browser host, CLI) resolves the same folder so they share servers and
 * sign-ins; `MCP_WORKBENCH_HOME` relocates it, which is also how tests isolate runs.
 */
import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'mcp-workbench';

export function resolveAppDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const override = env.MCP_WORKBENCH_HOME?.trim();
  if (override) return path.resolve(override);
  switch (platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
    default:
      return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), APP_DIR_NAME);
  }
}
