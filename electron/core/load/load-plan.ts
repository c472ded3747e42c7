/** What a load run does: its target, its workload, its clients and its bounds. */
import { isStdioConfig, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { RemoteAuth } from '../connections/connection-auth';
import type { EraMode } from '../connections/era/era-plan';
import type { LoadProfile } from './load-profile';

export interface LoadStep {
  /** The step's name in the report (the tool's, or a collection step's id). */
  name: string;
  tool: string;
  /** Its share of the calls, relative to the other steps' weights. */
  weight: number;
  /** The arguments of the n-th call of this step (data rows and variables filled in). */
  args(n: number): Record<string, unknown>;
}

export interface LoadPlan {
  server: ServerName;
  /** The entry as launched (variables and secrets filled in). */
  config: ServerConfig;
  steps: LoadStep[];
  /** K clients, each with its own connection (and stdio server process, unless sharedProcess). */
  clients: number;
  /** N calls in flight per client. */
  concurrency: number;
  /** Bounds: the run ends at the first one reached; at least one is set. */
  durationMs?: number;
  requests?: number;
  /** At most this many calls per second, over all clients. */
  rate?: number;
  profile: LoadProfile;
  /** stdio: every client shares one server process (one connection). */
  sharedProcess?: boolean;
  callTimeoutMs: number;
  connectTimeoutMs: number;
  /** The protocol era the clients speak (the entry's Protocol setting, or --protocol). */
  era: EraMode;
  /** stdio, era detection: how long a silent server gets before it counts as a 2025 one. */
  eraProbeTimeoutMs: number;
  /** A remote server's OAuth, one per client (the saved tokens; never a sign-in page). */
  remoteAuth?: () => RemoteAuth | undefined;
  /** Remote servers: each client opens a new session (a new connection) after this many calls. */
  churn?: number;
  /** Also sample this local process (a server we did not start). */
  watchPid?: number;
  ideLockDir: string;
}

/** How a run's clients connect: the era they speak and a remote server's sign-in (from the core that knows both). */
export type LoadConnection = Pick<LoadPlan, 'era' | 'eraProbeTimeoutMs' | 'remoteAuth'>;

/** Why session churn cannot apply to this server (a stdio server's session is its process), else undefined. */
export function churnProblem(config: ServerConfig): string | undefined {
  return isStdioConfig(config) ? 'Session churn is for remote servers (HTTP, SSE, WebSocket): a stdio server has one session for the life of its process; more clients start more processes.' : undefined;
}

/** The hard limits of any run, whatever it asks for (shared: the app's form and payload checks use them too). */
export { LOAD_LIMITS } from '../../../shared/load-report';
