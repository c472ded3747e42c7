/** The open project (the folder whose `.mcp.json` is the project scope) and the state of every config file. */
import { z } from 'zod';
import type { ConfigScope } from '../config/scopes';
import type { ServerView } from '../domain';
import type { ChannelTable } from './channel-table';

interface FileProblem {
  message: string;
  line?: number;
  column?: number;
}

interface ConfigFileStatus {
  scope: ConfigScope;
  path: string;
  exists: boolean;
  /** The file does not parse; the last version that did stays in use, and nothing is written to it. */
  problem?: FileProblem;
  /** Entries that are not valid server entries (skipped, kept in the file). */
  entryProblems: Array<FileProblem & { name: string }>;
}

export interface ConfigStatus {
  /** The open project's absolute path. */
  project?: string;
  /** Scopes that can be written now (project and local need a project). */
  availableScopes: ConfigScope[];
  files: ConfigFileStatus[];
  secretStore: { encrypted: boolean; location: string; warning?: string };
  /** Whether the app can show the system's file dialogs (the desktop app can, browser mode cannot). */
  nativeDialogs: boolean;
  /** Why the login shell's environment could not be read, if it could not. */
  shellProblem?: string;
}

/** The part of the config status a config change can change (the rest is fixed for a run). */
export type ConfigFilesStatus = Pick<ConfigStatus, 'project' | 'availableScopes' | 'files'>;

type FileDialogPurpose = 'import' | 'export';

export interface ProjectApi {
  getConfigStatus(): Promise<ConfigStatus>;
  /** Opens a folder as the project (and remembers it for the next start). */
  openProject(request: { path: string }): Promise<ConfigStatus>;
  closeProject(): Promise<ConfigStatus>;
  /** The system's folder dialog (desktop app only); resolves without a path when cancelled. */
  chooseProjectFolder(): Promise<{ path?: string }>;
  /**
   * Remembers your decision about a project server (for this project and this exact entry:
   * a changed entry is asked about again). Approving connects it, denying disconnects it,
   * `undecided` forgets the decision.
   */
  decideProjectServer(request: { name: string; decision: 'approved' | 'denied' | 'undecided' }): Promise<ServerView>;
  /** The system's open or save dialog (desktop app only). */
  chooseFile(request: { purpose: FileDialogPurpose; defaultName?: string }): Promise<{ path?: string }>;
}

export const projectChannels: ChannelTable<ProjectApi> = {
  getConfigStatus: { channel: 'project:status', request: z.undefined() },
  openProject: { channel: 'project:open', request: z.strictObject({ path: z.string().max(4096) }) },
  closeProject: { channel: 'project:close', request: z.undefined() },
  chooseProjectFolder: { channel: 'project:choose-folder', request: z.undefined() },
  decideProjectServer: {
    channel: 'project:decide-server',
    request: z.strictObject({ name: z.string().min(1).max(64), decision: z.enum(['approved', 'denied', 'undecided']) }),
  },
  chooseFile: {
    channel: 'project:choose-file',
    request: z.strictObject({ purpose: z.enum(['import', 'export']), defaultName: z.string().max(255).optional() }),
  },
};
