/**
 * The AppApi: one method per user action plus one event subscription. The renderer
 * only ever sees this interface (as `window.api`); the Electron preload and the
 * browser-mode WebSocket client are two implementations of it, and the core's
 * implementation sits behind both.
 */
import type { ServerConfig, ServerName, ServerView, ToolCallResult, ToolInfo } from './domain';
import type { AppEventListener, Unsubscribe } from './events';

export interface AddServerRequest {
  name: ServerName;
  config: ServerConfig;
}

export interface ServerRef {
  name: ServerName;
}

export interface CallToolRequest {
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
  /** Chosen by the caller so progress events can be matched to this call. */
  callId?: string;
  timeoutMs?: number;
}

export interface AppApi {
  /** Every configured server with its live connection state. */
  listServers(): Promise<ServerView[]>;
  /** Saves a new server and starts connecting it. */
  addServer(request: AddServerRequest): Promise<ServerView>;
  removeServer(request: ServerRef): Promise<void>;
  connectServer(request: ServerRef): Promise<ServerView>;
  disconnectServer(request: ServerRef): Promise<ServerView>;
  listTools(request: ServerRef): Promise<ToolInfo[]>;
  callTool(request: CallToolRequest): Promise<ToolCallResult>;
  /** Connection states, log lines and progress, pushed by the main process. */
  onEvent(listener: AppEventListener): Unsubscribe;
}

/** The request/response members of AppApi: everything that crosses IPC as a call. */
export type AppApiMethod = Exclude<keyof AppApi, 'onEvent'>;
export type AppApiRequest<M extends AppApiMethod> = Parameters<AppApi[M]>[0];
export type AppApiResponse<M extends AppApiMethod> = Awaited<ReturnType<AppApi[M]>>;
