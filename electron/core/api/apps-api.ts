/** AppsApi: a tool's app resource, where the sandbox is, and saving what an app offers. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppSandboxInfo, AppsApi } from '../../../shared/api/apps';
import { appResourceOf } from '../apps/app-resource';
import type { Desktop } from '../desktop';
import type { CoreContext } from './core-context';

export interface AppsApiOptions {
  /** Where the front end serves its sandbox; absent: apps cannot be shown here (the CLI). */
  sandbox?: () => AppSandboxInfo;
  desktop?: Desktop;
}

export function createAppsApi(ctx: CoreContext, options: AppsApiOptions): AppsApi {
  return {
    async readAppResource({ server, uri }) {
      const config = ctx.configOf(server);
      const result = await ctx.connections.request(server, config, (client, signal) =>
        client.request({ method: 'resources/read', params: { uri } }, signal ? { signal } : {}),
      );
      return appResourceOf(uri, result.contents);
    },
    getAppSandbox: async () => options.sandbox?.() ?? { reason: 'Apps are shown in the desktop app and in browser mode.' },
    async saveAppDownload({ name, base64 }) {
      const saveCopyAs = options.desktop?.saveCopyAs;
      if (!saveCopyAs) return { saved: false, reason: 'unsupported' };
      // The save dialog copies a file: the bytes wait in a private folder of their own, removed after.
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-app-download-'));
      try {
        const file = path.join(dir, 'download');
        await fs.writeFile(file, Buffer.from(base64, 'base64'), { mode: 0o600 });
        const saved = await saveCopyAs(file, path.basename(name));
        return saved ? { saved: true, path: saved } : { saved: false, reason: 'cancelled' };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}
