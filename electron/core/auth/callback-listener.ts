/**
 * The loopback redirect target of a browser sign-in: an HTTP server on 127.0.0.1 (a
 * random port, or the one the server entry names) that waits for exactly one
 * `GET /callback?code=…&state=…` carrying the `state` we sent (and its `iss`, RFC 9207, kept
 * for the token exchange to compare with the authorization server's issuer), answers it with a page
 * saying the tab can be closed, and closes. A callback with another `state` (or none)
 * is refused and does not use the listener up: a page that guesses cannot end the wait
 * or slip in its own code. After the time limit the listener closes and the wait fails.
 *
 * Once the sign-in knows its authorization server (`expectIssuer`, before the page opens),
 * a response whose `iss` names another one — or lacks it where the server promised it — is
 * refused as such (a mix-up: RFC 9207 §2.4), error responses included: its code is not used
 * and its error text, which the other server wrote, is not shown. An error response that
 * passes the check ends the wait with the authorization server's error in plain words.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IssuerMismatchError, validateAuthorizationResponseIssuer } from '@modelcontextprotocol/client';

const CALLBACK_PATH = '/callback';
const DEFAULT_CALLBACK_TIMEOUT_MS = 5 * 60 * 1000;

export class CallbackError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'cancelled' | 'denied' | 'issuer-mismatch',
  ) {
    super(message);
    this.name = 'CallbackError';
  }
}

export interface CallbackListenerOptions {
  /** The `state` the authorization request carried. */
  state: string;
  /** 0 (default): any free port. */
  port?: number;
  timeoutMs?: number;
  /** Told about every request that reached the listener (for the sign-in log). */
  onRequest?: (event: { path: string; accepted: boolean; reason?: string }) => void;
}

/** Which issuer an authorization response must name (from the authorization server's metadata). */
export interface IssuerExpectation {
  /** The metadata's `issuer`; undefined (no metadata): nothing to compare with. */
  issuer: string | undefined;
  /** `authorization_response_iss_parameter_supported`: a response without `iss` is refused. */
  issParameterSupported: boolean;
}

/** What the authorization server sent back through the browser. */
interface AuthorizationResponse {
  code: string;
  /** RFC 9207's `iss` when the response carried one: checked before the code is redeemed. */
  iss?: string;
}

export interface CallbackListener {
  /** `http://127.0.0.1:<port>/callback`: the redirect URI to register and send. */
  redirectUrl: string;
  port: number;
  /** Resolves with the authorization code; rejects on timeout, cancel, or an error the server sent back. */
  code: Promise<string>;
  /** The same callback, with its `iss` (the code promise is this one's `code`). */
  response: Promise<AuthorizationResponse>;
  /** Stops waiting (the code promise rejects with reason "cancelled"). */
  cancel(message?: string): void;
  /** From now on, a response must name this issuer (RFC 9207). */
  expectIssuer(expectation: IssuerExpectation): void;
}

export async function startCallbackListener(options: CallbackListenerOptions): Promise<CallbackListener> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  let settle: { resolve: (response: AuthorizationResponse) => void; reject: (error: Error) => void } | undefined;
  const response = new Promise<AuthorizationResponse>((resolve, reject) => (settle = { resolve, reject }));
  const code = response.then((answer) => answer.code);
  // A rejection nobody awaited yet (the caller is still opening the browser) is not an unhandled one.
  response.catch(() => undefined);
  code.catch(() => undefined);
  let done = false;
  let expectation: IssuerExpectation | undefined;

  const server = http.createServer((req, res) => {
    const url = requestUrl(req.url);
    // A target that does not parse (`//[`) is refused; thrown here, it would stop the whole process.
    if (!url) {
      options.onRequest?.({ path: '', accepted: false, reason: 'bad request target' });
      return page(res, 400, 'Bad request', 'This address only receives the sign-in callback of MCP Workbench.');
    }
    const host = req.headers.host ?? '';
    // Only the browser on this machine, addressing us by a loopback name, may call back.
    if (!/^(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(host) || req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      options.onRequest?.({ path: url.pathname, accepted: false, reason: 'not the callback' });
      return page(res, 404, 'Not found', 'This address only receives the sign-in callback of MCP Workbench.');
    }
    if (done) return page(res, 410, 'Sign-in already finished', 'MCP Workbench is no longer waiting for this sign-in. You can close this tab.');
    const state = url.searchParams.get('state');
    if (state !== options.state) {
      options.onRequest?.({ path: url.pathname, accepted: false, reason: state ? 'wrong state' : 'no state' });
      return page(
        res,
        400,
        'Sign-in refused',
        'This sign-in response does not belong to the sign-in MCP Workbench started (its "state" does not match), so it was ignored. Start the sign-in again from MCP Workbench if you did not just do so.',
      );
    }
    const iss = url.searchParams.get('iss') ?? undefined;
    // Checked before anything else in the response is read: a code or an error from another server is not ours.
    const mixUp = expectation ? issuerRefusal(expectation, iss) : undefined;
    if (mixUp) {
      options.onRequest?.({ path: url.pathname, accepted: false, reason: iss === undefined ? 'no iss' : 'wrong iss' });
      finish(new CallbackError(mixUp, 'issuer-mismatch'));
      return page(
        res,
        400,
        'Sign-in refused',
        'This sign-in response does not come from the authorization server MCP Workbench sent you to (its "iss" does not match), so it was refused and nothing in it was used. Start the sign-in again from MCP Workbench.',
      );
    }
    const error = url.searchParams.get('error');
    const authorizationCode = url.searchParams.get('code');
    if (error || !authorizationCode) {
      const description = url.searchParams.get('error_description');
      const more = url.searchParams.get('error_uri');
      const reason = error ? `${error}${description ? `: ${description}` : ''}${more ? ` (more at ${more})` : ''}` : 'no authorization code';
      options.onRequest?.({ path: url.pathname, accepted: false, reason });
      finish(new CallbackError(error ? `The authorization server did not grant access: ${reason}.` : 'The authorization server sent back no authorization code.', 'denied'));
      return page(res, 400, 'Sign-in failed', `The authorization server answered: ${reason}. You can close this tab and try again from MCP Workbench.`);
    }
    options.onRequest?.({ path: url.pathname, accepted: true });
    page(res, 200, 'Signed in', 'MCP Workbench received the sign-in. You can close this tab and return to the app.');
    finish(undefined, { code: authorizationCode, ...(iss !== undefined ? { iss } : {}) });
  });

  const finish = (error: Error | undefined, value?: AuthorizationResponse) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    // Let the answer page go out, then stop listening.
    server.close();
    setImmediate(() => server.closeAllConnections());
    if (error) settle!.reject(error);
    else settle!.resolve(value!);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const timer = setTimeout(
    () => finish(new CallbackError(`No sign-in arrived within ${Math.round(timeoutMs / 1000)} s; the sign-in was stopped. Try again.`, 'timeout')),
    timeoutMs,
  );
  timer.unref();
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    port,
    code,
    response,
    cancel: (message = 'The sign-in was cancelled.') => finish(new CallbackError(message, 'cancelled')),
    expectIssuer: (value) => void (expectation = value),
  };
}

/** Why a response's `iss` is refused (the SDK's RFC 9207 rule: exact comparison), or undefined when it passes. */
function issuerRefusal(expectation: IssuerExpectation, iss: string | undefined): string | undefined {
  try {
    validateAuthorizationResponseIssuer({ iss, expectedIssuer: expectation.issuer, issParameterSupported: expectation.issParameterSupported });
    return undefined;
  } catch (error) {
    if (!(error instanceof IssuerMismatchError)) throw error;
    return iss === undefined
      ? `The authorization response carries no "iss", though ${expectation.issuer} says its responses do (RFC 9207): refused, nothing in it used.`
      : `The authorization response names the issuer ${JSON.stringify(iss)}, not ${expectation.issuer} that this sign-in went to (RFC 9207, a mix-up): refused, nothing in it used.`;
  }
}

function requestUrl(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://127.0.0.1');
  } catch {
    return undefined;
  }
}

/** The page's text may quote the authorization server (`error_description`): never as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(res: http.ServerResponse, status: number, rawTitle: string, rawText: string): void {
  const title = escapeHtml(rawTitle);
  const text = escapeHtml(rawText);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · MCP Workbench</title>
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222;background:#fafafa}@media (prefers-color-scheme:dark){body{color:#eee;background:#1e1e1e}}</style>
</head><body><h1>${title}</h1><p>${text}</p></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
