/**
 * Where each stdio command is found, so the server list can show it. Scanning PATH for
 * every stdio entry is not free, so it runs again only when the config (or the open
 * project, which changes what `${workspaceFolder}` and relative paths mean) has changed
 * since the last scan. A launch records where it found its command in between.
 */
import { isStdioConfig } from '../../../shared/config/server-config';
import type { ServerRegistry } from '../config/server-registry';
import type { ConfigServices } from './core-context';

export type LaunchScan = () => Promise<void>;

export function createLaunchScan(registry: ServerRegistry, services: Pick<ConfigServices, 'launchInfo' | 'describeLaunch'>): LaunchScan {
  /** The config the last scan was made for. */
  let scannedFor: string | undefined;
  return async () => {
    const entries = registry.effective();
    const key = JSON.stringify([registry.project ?? null, entries.map(({ name, scope, config }) => [name, scope, config])]);
    if (key === scannedFor) return;
    scannedFor = key;
    await Promise.all(
      entries.map(async ({ name, config }) => {
        if (isStdioConfig(config)) services.launchInfo.set(name, await services.describeLaunch(name, config));
        else services.launchInfo.delete(name);
      }),
    );
  };
}
