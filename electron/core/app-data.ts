/**
 * Where the app keeps its data. Every mode (Electron, browser host, CLI) resolves the same
 * folders so they share servers and sign-ins:
 *
 * - config: servers, settings, secrets, permissions, history — the folder users back up;
 * - data: result files (large, re-creatable by calling again);
 * - cache: what only saves time (protocol eras found, servers that wanted sign-in).
 *
 * Linux follows the XDG base directories, Windows keeps data and cache in %LOCALAPPDATA%,
 * macOS keeps data in Application Support and caches in ~/Library/Caches.
 * `MCP_WORKBENCH_HOME` puts all three in one folder, which is also how tests isolate runs.
 *
 * env-paths has the same layout idea, but reads the platform, home and environment when
 * it is first imported (so neither tests nor the CLI's own environment can steer it) and
 * would move the Windows config folder to `%APPDATA%\<name>\Config`; this is the part we need.
 */
import os from 'node:os';
import path from 'node:path';

const APP_DIR_NAME = 'mcp-workbench';

export interface AppDirs {
  config: string;
  data: string;
  cache: string;
}

export function resolveAppDirs(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): AppDirs {
  const override = env.MCP_WORKBENCH_HOME?.trim();
  if (override) {
    const dir = path.resolve(override);
    return { config: dir, data: dir, cache: dir };
  }
  const config = resolveAppDataDir(env, platform, home);
  switch (platform) {
    case 'darwin':
      return { config, data: config, cache: path.join(home, 'Library', 'Caches', APP_DIR_NAME) };
    case 'win32': {
      const local = path.win32.join(env.LOCALAPPDATA || path.win32.join(home, 'AppData', 'Local'), APP_DIR_NAME);
      return { config, data: local, cache: path.win32.join(local, 'Cache') };
    }
    default:
      return {
        config,
        data: path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), APP_DIR_NAME),
        cache: path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), APP_DIR_NAME),
      };
  }
}

/** The config folder (servers, settings, secrets): `MCP_WORKBENCH_HOME`, else the platform's. */
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
      return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
    default:
      return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), APP_DIR_NAME);
  }
}
