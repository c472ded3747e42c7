/**
 * Start-up: connect every enabled server without blocking anything. Local (stdio)
 * servers are processes, so only a few start at once (3 by default); remote servers are
 * HTTP requests, so more (20). Both groups run side by side.
 */
import { isStdioConfig, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import { runWithConcurrency } from '../util/concurrency';

export interface StartupLimits {
  stdio: number;
  remote: number;
}

export async function connectInBatches(
  servers: ReadonlyArray<readonly [ServerName, ServerConfig]>,
  limits: StartupLimits,
  connect: (name: ServerName, config: ServerConfig) => Promise<unknown>,
): Promise<void> {
  const enabled = servers.filter(([, config]) => config.enabled !== false);
  const run = ([name, config]: readonly [ServerName, ServerConfig]) => connect(name, config);
  await Promise.all([
    runWithConcurrency(enabled.filter(([, config]) => isStdioConfig(config)), limits.stdio, run),
    runWithConcurrency(enabled.filter(([, config]) => !isStdioConfig(config)), limits.remote, run),
  ]);
}
