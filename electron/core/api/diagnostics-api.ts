/** DiagnosticsApi: the diagnostic log folder, opened where the front end can open folders. */
import fs from 'node:fs/promises';
import type { DiagnosticsApi } from '../../../shared/api/diagnostics';

/** `open`: the front end's way to show a folder (Electron's shell.openPath); absent in browser mode and the CLI. */
export function createDiagnosticsApi(folder: string, open?: (folder: string) => Promise<void>): DiagnosticsApi {
  return {
    async openLogFolder() {
      // Made now if nothing was logged yet, so the path shown or opened exists.
      await fs.mkdir(folder, { recursive: true });
      if (!open) return { path: folder, opened: false };
      await open(folder);
      return { path: folder, opened: true };
    },
  };
}
