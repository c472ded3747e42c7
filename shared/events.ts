/** Events pushed from the main process to the renderer on the single event subscription. */
import type { CollectionRunProgress } from './api/collections';
import type { ConsoleEntry } from './api/server-console';
import type { ContractChange } from './contracts';
import type { HistoryEntry } from './api/history';
import type { LoadRunSummary } from './api/load';
import type { LoadSnapshot } from './load-report';
import type { ChatEvent } from './api/models';
import type { PendingServerRequest, ServerRequestCloseReason } from './api/server-requests';
import type { ConfigScope } from './config/scopes';
import type { ConfigFilesStatus, ConfigStatus } from './api/project';
import type { SettingsView } from './api/settings';
import type { ServerView } from './domain';
import type { TaskView } from './api/tasks';
import type { ProtocolLogEntry } from './protocol-log';

export type AppEvent =
  | { type: 'server-state'; server: ServerView }
  /** The configured servers changed (an edit, another program's write, a project opened or closed): the whole list as it is now. */
  | { type: 'servers-changed'; servers: ServerView[] }
  /** A config file changed; `external` when another program changed it. `status`: the project and the files as they are now. */
  | { type: 'config-changed'; scopes: ConfigScope[]; external: boolean; status: ConfigFilesStatus }
  /** The secret store was opened (the desktop app opens it when a secret is first used): where secrets are kept now, and any warning. */
  | { type: 'secret-store-changed'; secretStore: ConfigStatus['secretStore'] }
  | { type: 'server-log'; server: string; stream: 'stderr' | 'stdout'; line: string; time: number }
  | { type: 'tool-progress'; callId: string; progress: number; total?: number; message?: string }
  /** The server said its tool list changed (notifications/tools/list_changed): list again. */
  | { type: 'tools-changed'; server: string }
  /** A task was created, changed status or progress, or was forgotten (`gone`). */
  | { type: 'task-updated'; task: TaskView; gone?: boolean }
  /** A server asks the user something (elicitation, sampling). */
  | { type: 'server-request'; request: PendingServerRequest }
  | { type: 'server-request-closed'; id: string; reason: ServerRequestCloseReason }
  /** A server's sampling request was answered by a model without asking, as the user allowed for that server. */
  | { type: 'sampling-answered'; server: string; model: string; inputTokens: number; outputTokens: number }
  /** A server had the most questions of its own waiting (`limit`): more were refused with an error to it. Sent once per burst. */
  | { type: 'server-requests-refused'; server: string; limit: number }
  /** A tool call was recorded in the history. */
  | { type: 'history-added'; entry: HistoryEntry }
  /** New protocol log entries, batched (oldest first). */
  | { type: 'protocol-log'; entries: ProtocolLogEntry[] }
  | { type: 'settings-changed'; settings: SettingsView }
  /** New server console entries (stderr lines, log messages), batched (oldest first). */
  | { type: 'server-console'; entries: ConsoleEntry[] }
  /** A subscribed resource changed (notifications/resources/updated): read it again to see how. */
  | { type: 'resource-updated'; server: string; uri: string }
  /** The server's resource list (or templates) changed. */
  | { type: 'resources-changed'; server: string }
  /** The server's prompt list changed. */
  | { type: 'prompts-changed'; server: string }
  /**
   * A sign-in wants the authorization page opened. Browser mode: the window that asked
   * for the sign-in opens it in a new tab (the desktop app opens the system browser
   * itself and sends this only so the page can show the link too).
   */
  | { type: 'auth-open-url'; server: string; url: string }
  /** The server reconnected offering something else than at its last connection (this run): what changed. */
  | { type: 'contract-changed'; server: string; changes: ContractChange[] }
  /** A server's sign-in state or OAuth log changed (signed in or out, a refresh, a step of a sign-in). */
  | { type: 'auth-changed'; server: string }
  /** A collection run started or finished a step (no `result` yet: it started). */
  | { type: 'collection-progress'; progress: CollectionRunProgress }
  /** A conformance run started a scenario (`done` of `total` finished before it). */
  | { type: 'conformance-progress'; server: string; scenario: string; done: number; total: number }
  /** A load run's figures of the last second. */
  | { type: 'load-progress'; runId: string; server: string; snapshot: LoadSnapshot }
  /** A load run ended (completed, stopped, every client lost, or failed): it is now kept, as listLoadRuns shows it. */
  | { type: 'load-ended'; runId: string; server: string; summary: LoadRunSummary }
  /** A step of a chat with a model (runChat), tied to the callId the page chose. */
  | { type: 'chat-event'; callId: string; event: ChatEvent };

export type AppEventType = AppEvent['type'];
/** The event of one type, e.g. `AppEventOf<'server-state'>` has `server`. */
export type AppEventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

export type AppEventListener = (event: AppEvent) => void;

/**
 * Hands each event of a batch (as a front end sends them: oldest first) to every listener.
 * One listener that throws does not keep the event from the others.
 */
export function deliverBatch(batch: readonly AppEvent[], listeners: Iterable<AppEventListener>): void {
  const all = [...listeners];
  for (const event of batch) {
    for (const listener of all) {
      try {
        listener(event);
      } catch (error) {
        // Reported, not rethrown: the rest of the batch still arrives.
        console.error(error);
      }
    }
  }
}
export type Unsubscribe = () => void;
