/** Events pushed from the main process to the renderer on the single event subscription. */
import type { ConfigScope } from './config/scopes';
import type { ServerView } from './domain';

export type AppEvent =
  | { type: 'server-state'; server: ServerView }
  | { type: 'servers-changed' }
  /** A config file changed; `external` when another program changed it. */
  | { type: 'config-changed'; scopes: ConfigScope[]; external: boolean }
  | { type: 'server-log'; server: string; stream: 'stderr'; line: string; time: number }
  | { type: 'tool-progress'; callId: string; progress: number; total?: number; message?: string };

export type AppEventListener = (event: AppEvent) => void;
export type Unsubscribe = () => void;
