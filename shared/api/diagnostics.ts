/** The diagnostic log: where it is, and opening its folder where the app can. */
import { z } from 'zod';
import type { ChannelTable } from './channel-table';

interface LogFolderAnswer {
  /** The folder's full path on the machine the workbench runs on. */
  path: string;
  /** True when the folder was opened in the file manager (desktop app); else show the path. */
  opened: boolean;
}

export interface DiagnosticsApi {
  /** Opens the diagnostic log folder (desktop app) or answers where it is (browser mode). */
  openLogFolder(): Promise<LogFolderAnswer>;
}

export const diagnosticsChannels: ChannelTable<DiagnosticsApi> = {
  openLogFolder: { channel: 'diagnostics:open-log-folder', request: z.undefined() },
};
