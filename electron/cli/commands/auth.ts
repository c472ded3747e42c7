/**
 * `auth login`, `auth logout` and `auth status`: OAuth sign-in for remote servers, with
 * the core's sign-in (PKCE, state, a loopback callback listener). The authorization URL
 * is printed on stderr and opened in the browser unless --no-open; the credentials go
 * to the secret store the CLI shares with browser mode.
 */
import { checkExternalUrl } from '../../../shared/external-url';
import { openInBrowser } from '../../core/platform/open-browser';
import type { CommandRun } from '../command-run';
import { EXIT, type ExitCode } from '../exit-codes';
import type { SourceOptions } from '../session';

export interface LoginOptions extends SourceOptions {
  /** commander's --no-open: false when given. */
  open?: boolean;
}

export async function authLogin(run: CommandRun, server: string | undefined, options: LoginOptions): Promise<ExitCode> {
  const note = (text: string) => run.output.note(text);
  const session = await run.session(options, {
    openAuthorizationUrl: async (name, url) => {
      note(`To sign in to ${name}, open this page in your browser:\n\n  ${url}\n\nWaiting for the browser to come back (Ctrl+C to stop)…`);
      // Only a clean http(s) URL ever reaches the system's opener.
      if (options.open !== false && checkExternalUrl(url).ok) openInBrowser(url, note);
    },
  });
  const name = run.serverName(session, server);
  const view = await session.api.signIn({ name });
  const status = await session.api.getAuthStatus({ name });
  const tools = view.status === 'connected' ? (await session.api.listTools({ name }).catch(() => undefined))?.length : undefined; // the tool count is extra: no count if the list fails.
  if (run.output.json) {
    run.output.document({ server: name, signedIn: status.signedIn, status: view.status, ...(tools !== undefined ? { tools } : {}), auth: status });
  } else {
    run.output.line(`Signed in to ${name}${status.expiresAt ? ` (the access token is valid until ${new Date(status.expiresAt).toISOString()}${status.refreshable ? ', then renewed' : ''})` : ''}.`);
    run.output.line(view.status === 'connected' ? `Connected${tools !== undefined ? `: ${tools} tools` : ''}.` : `Not connected: ${view.error ?? view.status}.`);
  }
  if (status.storage.warning) note(`Note: ${status.storage.warning}`);
  return view.status === 'connected' ? EXIT.ok : EXIT.connection;
}

export async function authLogout(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  const session = await run.session(options);
  const name = run.serverName(session, server);
  await session.api.signOut({ name });
  if (run.output.json) run.output.document({ server: name, signedIn: false });
  else run.output.line(`Signed out of ${name}: its tokens and client registration are forgotten.`);
  return EXIT.ok;
}

export async function authStatus(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const status = await session.api.getAuthStatus({ name });
  // Not signed in is a failure for scripts that check before they call.
  const code = status.supported && !status.signedIn ? EXIT.connection : EXIT.ok;
  if (run.output.json) {
    run.output.document(status);
    return code;
  }
  if (!status.supported) {
    run.output.line(`${name} does not sign in (only sse, http and claudeai-proxy servers use OAuth).`);
    return EXIT.ok;
  }
  run.output.line(
    status.signedIn
      ? `${name}: signed in${status.expiresAt ? `, access token valid until ${new Date(status.expiresAt).toISOString()}` : ''}${status.refreshable ? ' (renewed automatically)' : ''}${status.scope ? `; scope: ${status.scope}` : ''}.`
      : `${name}: not signed in. Sign in with: mcp-workbench auth login ${session.adhoc ? `--url ${urlOf(session.adhoc.config)}` : name}`,
  );
  if (status.authorizationServer) run.output.line(`Authorization server: ${status.authorizationServer}`);
  return code;
}

function urlOf(config: object): string {
  return 'url' in config ? String(config.url) : '<url>';
}
