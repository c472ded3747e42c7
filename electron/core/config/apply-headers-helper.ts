/**
 * Runs a remote entry's `headersHelper` at launch, with the user's consent: the first
 * time for each server and command (remembered; a changed command asks again), through
 * whoever can ask (the app's dialog, the CLI's terminal prompt or flag). Its headers are
 * merged over the static ones and every value is registered as a secret, so it is masked
 * wherever the app shows or keeps text.
 */
import { transportOf, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { HeadersHelperConsents } from './headers-helper-consents';
import { HeadersHelperError, mergeHeaders, runHeadersHelper } from './headers-helper';

/** `always`: run it and remember; `once`: run it this time only; `refuse`: do not run it. */
export type HeadersHelperAnswer = 'always' | 'once' | 'refuse';

export interface HeadersHelperQuestion {
  server: ServerName;
  command: string;
  url: string;
}

/** Asks the user; may throw with its own message (the CLI without a terminal). */
export type HeadersHelperAsk = (question: HeadersHelperQuestion) => Promise<HeadersHelperAnswer>;

export interface HeadersHelperDeps {
  consents: HeadersHelperConsents;
  ask: HeadersHelperAsk;
  env: () => Promise<NodeJS.ProcessEnv>;
  cwd: () => string;
  onSecret: (value: string) => void;
  timeoutMs?: number;
}

/** The transports whose entries carry headers a helper can add to. */
const WITH_HEADERS = new Set(['http', 'sse', 'ws']);

export function headersHelperOf(config: ServerConfig): string | undefined {
  const command = (config as { headersHelper?: unknown }).headersHelper;
  return typeof command === 'string' && command.trim() && WITH_HEADERS.has(transportOf(config)) ? command : undefined;
}

export async function applyHeadersHelper(name: ServerName, launch: ServerConfig, deps: HeadersHelperDeps): Promise<ServerConfig> {
  const command = headersHelperOf(launch);
  if (!command) return launch;
  // Only http, sse and ws entries get this far, and each has a url.
  const url = (launch as { url: string }).url;
  if (!(await deps.consents.allowed(name, command))) {
    const answer = await deps.ask({ server: name, command, url });
    if (answer === 'refuse') throw new HeadersHelperError(name, 'was not run: you did not allow it. Connect again to be asked again.');
    if (answer === 'always') await deps.consents.allow(name, command);
  }
  const headers = await runHeadersHelper({
    command,
    server: name,
    url,
    env: await deps.env(),
    cwd: deps.cwd(),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  // Masked everywhere, except what the helper was given (the server's own name and URL are no secrets).
  for (const value of Object.values(headers)) if (value !== name && value !== url) deps.onSecret(value);
  const existing = 'headers' in launch ? (launch.headers as Record<string, string> | undefined) : undefined;
  return { ...launch, headers: mergeHeaders(existing, headers) } as ServerConfig;
}
