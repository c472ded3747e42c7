/**
 * Runs a remote entry's `headersHelper` at launch, with the user's consent for exactly
 * this run: the entry's scope and project, the folder it runs in, the command and the URL
 * its headers go to (remembered; a change of any of them asks again), through whoever can
 * ask (the app's dialog, the CLI's terminal prompt or flag). Its headers are merged over
 * the static ones and every value is registered as a secret, so it is masked wherever the
 * app shows or keeps text.
 *
 * Where it runs is fixed by the entry's scope, never by what happens to be open: a user
 * entry's helper runs in the home folder (so `./token.sh` or `npx …` can never pick up an
 * opened project's files), a project or local entry's in its project's folder, as in
 * Claude Code.
 */
import { transportOf, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { ConfigScope } from '../../../shared/config/scopes';
import type { HeadersHelperConsents, HeadersHelperRunKey } from './headers-helper-consents';
import { HeadersHelperError, mergeHeaders, runHeadersHelper } from './headers-helper';

/** `always`: run it and remember; `once`: run it this time only; `refuse`: do not run it. */
type HeadersHelperAnswer = 'always' | 'once' | 'refuse';

export interface HeadersHelperQuestion {
  server: ServerName;
  command: string;
  url: string;
  scope: ConfigScope;
  /** The project of a project or local entry. */
  project?: string;
  /** The folder the command runs in. */
  cwd: string;
  /** An earlier version recorded a consent for this server and command, which covered less: that is why it is asked again. */
  askedAgain?: boolean;
}

/** Which entry is launched: its scope, and the project it belongs to (project and local scopes). */
export interface EntryOrigin {
  scope: ConfigScope;
  project?: string;
}

/** Asks the user; may throw with its own message (the CLI without a terminal). */
export type HeadersHelperAsk = (question: HeadersHelperQuestion) => Promise<HeadersHelperAnswer>;

export interface HeadersHelperDeps {
  consents: HeadersHelperConsents;
  ask: HeadersHelperAsk;
  env: () => Promise<NodeJS.ProcessEnv>;
  /** Where a user entry's helper runs: the home folder. */
  home: string;
  onSecret: (value: string) => void;
  timeoutMs?: number;
}

/** The transports whose entries carry headers a helper can add to. */
const WITH_HEADERS = new Set(['http', 'sse', 'ws']);

function headersHelperOf(config: ServerConfig): string | undefined {
  const command = (config as { headersHelper?: unknown }).headersHelper;
  return typeof command === 'string' && command.trim() && WITH_HEADERS.has(transportOf(config)) ? command : undefined;
}

/** The folder a helper runs in: fixed by the entry's scope. */
function helperFolder(origin: EntryOrigin, home: string): string {
  return origin.scope !== 'user' && origin.project ? origin.project : home;
}

export async function applyHeadersHelper(name: ServerName, launch: ServerConfig, origin: EntryOrigin, deps: HeadersHelperDeps): Promise<ServerConfig> {
  const command = headersHelperOf(launch);
  if (!command) return launch;
  // Only http, sse and ws entries get this far, and each has a url.
  const url = (launch as { url: string }).url;
  const cwd = helperFolder(origin, deps.home);
  const run: HeadersHelperRunKey = { server: name, scope: origin.scope, ...(origin.scope !== 'user' && origin.project ? { project: origin.project } : {}), cwd, command, url };
  if (!(await deps.consents.allowed(run))) {
    const askedAgain = await deps.consents.hadEarlierConsent(name, command);
    const answer = await deps.ask({ ...run, ...(askedAgain ? { askedAgain } : {}) });
    if (answer === 'refuse') throw new HeadersHelperError(name, 'was not run: you did not allow it. Connect again to be asked again.');
    if (answer === 'always') await deps.consents.allow(run);
  }
  const headers = await runHeadersHelper({
    command,
    server: name,
    url,
    env: await deps.env(),
    cwd,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  // Masked everywhere, except what the helper was given (the server's own name and URL are no secrets).
  for (const value of Object.values(headers)) if (value !== name && value !== url) deps.onSecret(value);
  const existing = 'headers' in launch ? (launch.headers as Record<string, string> | undefined) : undefined;
  return { ...launch, headers: mergeHeaders(existing, headers) } as ServerConfig;
}
