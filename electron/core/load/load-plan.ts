/** What a load run does: its target, its workload, its clients and its bounds. */
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
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
  /** Also sample this local process (a server we did not start). */
  watchPid?: number;
  ideLockDir: string;
}

/** The hard limits of any run, whatever it asks for (shared: the app's form and payload checks use them too). */
export { LOAD_LIMITS } from '../../../shared/load-report';
