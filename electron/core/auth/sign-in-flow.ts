/**
 * Sign-in through the browser (the user pressed Sign in): a loopback listener, the SDK's
 * `auth()` with an interactive provider (discovery, registration, PKCE, the authorization
 * URL handed to the front end's opener), the callback with our `state` checked, then
 * `auth()` again with the code — what `transport.finishAuth(code, iss)` does. The caller
 * then connects on a new transport. One sign-in per server at a time: a new one cancels
 * the one under way, and from then on the old one writes nothing (no client registration,
 * discovery or tokens into the store, no step into the OAuth view) while it winds down; each
 * keeps its own PKCE verifier.
 */
import { randomBytes } from 'node:crypto';
import { auth as sdkAuth } from '@modelcontextprotocol/client';
import { AppError } from '../../../shared/envelope';
import { transportOf, type OAuthSettings, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { AuthContext, AuthorizationUrlOpener } from './auth-context';
import { CallbackError, type CallbackListener } from './callback-listener';
import { listenForCallback } from './loopback-redirect';
import { oauthUrlOf } from './oauth-url';
import { providerSession } from './provider-session';
import type { TokenKeeper } from './token-keeper';
import { WorkbenchOAuthProvider } from './workbench-oauth-provider';
import { logFailure } from '../diagnostics/diagnostics';
import { failure, messageOf } from '../../../shared/errors';

interface Flow {
  listener?: CallbackListener;
  cancelled: boolean;
}

export class SignInFlows {
  private readonly flows = new Map<ServerName, Flow>();

  constructor(
    private readonly ctx: AuthContext,
    private readonly keeper: TokenKeeper,
  ) {}

  /** Whether a sign-in of the server is under way. */
  has(server: ServerName): boolean {
    return this.flows.has(server);
  }

  /**
   * Signs the server in through the browser. `config` is the entry resolved for launch
   * (its client secret filled in). Resolves once tokens are stored.
   */
  async signIn(server: ServerName, config: ServerConfig, open: AuthorizationUrlOpener): Promise<void> {
    const { logs, challenges } = this.ctx;
    const serverUrl = oauthUrlOf(config);
    if (!serverUrl) {
      throw new AppError('invalid-request', `${server} is a ${transportOf(config)} server; only sse, http and claudeai-proxy servers sign in with OAuth.`);
    }
    this.cancel(server, 'A new sign-in was started.');
    const flow: Flow = { cancelled: false };
    this.flows.set(server, flow);
    /** Still the server's sign-in (a newer one has not replaced it). */
    const current = () => this.flows.get(server) === flow;
    logs.begin(server);
    const note = (title: string, detail?: string) => {
      if (current()) logs.add(server, 'step', title, detail);
    };
    note(`Signing in to ${serverUrl}`);
    try {
      // The state travels in the authorization URL; the listener accepts only a callback that brings it back.
      const state = randomBytes(32).toString('base64url');
      const listener = await listenForCallback(this.ctx, server, serverUrl, config.oauth, state);
      flow.listener = listener;
      if (flow.cancelled) listener.cancel();
      note(`Waiting for the browser's callback at ${listener.redirectUrl}`);
      const fetchFn = logs.loggingFetch(server, this.ctx.fetch);
      const challenge = challenges.last(server) ?? (await challenges.probe(server, config, fetchFn));
      const scope = challenges.stepUp(server) ?? challenge?.scope;
      const session = providerSession(this.ctx, this.keeper, server, serverUrl, config.oauth, () => this.flows.has(server), current);
      const provider = new WorkbenchOAuthProvider(session, {
        redirectUrl: listener.redirectUrl,
        state,
        openAuthorizationUrl: async (url) => {
          throwIfCancelled(flow);
          // Discovery is done: the answer must come from the authorization server it found.
          listener.expectIssuer(provider.issuerExpectation());
          await open(server, url.href);
        },
      });
      const base = { serverUrl, fetchFn, ...(scope ? { scope } : {}), ...(challenge?.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}) };
      let result = await sdkAuth(provider, base);
      if (result === 'REDIRECT') {
        note('Waiting for you to approve the sign-in in the browser');
        const { code, iss } = await listener.response;
        note('The browser came back with an authorization code and the expected state');
        throwIfCancelled(flow);
        // What transport.finishAuth(code, iss) does: check `iss` against the issuer (RFC 9207), then exchange the code for tokens.
        result = await sdkAuth(provider, { ...base, authorizationCode: code, ...(iss !== undefined ? { iss } : {}) });
      }
      if (result !== 'AUTHORIZED') throw new Error('The authorization server did not issue tokens.');
      listener.cancel('Signed in.');
      challenges.used(server);
      await this.ctx.cache.clear(server).catch(logFailure(`Clearing the needs-sign-in record of ${server} failed`));
      note('Signed in');
      logs.finish(server, 'signed-in');
    } catch (error) {
      flow.listener?.cancel();
      const cancelled = flow.cancelled || (error instanceof CallbackError && error.reason === 'cancelled');
      const message = signInFailure(error, config.oauth);
      // A sign-in replaced by a newer one ends quietly: the OAuth view is the newer one's.
      if (current()) {
        logs.add(server, 'error', cancelled ? 'The sign-in was cancelled' : `The sign-in failed: ${message}`);
        logs.finish(server, cancelled ? 'cancelled' : 'failed');
      }
      throw cancelled ? failure('cancelled', `${server}: the sign-in was cancelled.`) : failure('refused', `${server}: sign-in failed: ${message}`);
    } finally {
      if (this.flows.get(server) === flow) this.flows.delete(server);
      this.ctx.changed(server);
    }
  }

  cancel(server: ServerName, message?: string): void {
    const flow = this.flows.get(server);
    if (!flow) return;
    flow.cancelled = true;
    flow.listener?.cancel(message);
  }

  cancelAll(message: string): void {
    for (const server of [...this.flows.keys()]) this.cancel(server, message);
  }
}

function throwIfCancelled(flow: Flow): void {
  if (flow.cancelled) throw new CallbackError('The sign-in was cancelled.', 'cancelled');
}

/** A sign-in failure in words that name what went wrong. */
function signInFailure(error: unknown, settings: OAuthSettings | undefined): string {
  const message = messageOf(error);
  if (/does not support dynamic client registration/.test(message) && !settings?.clientId) {
    return `${message}. Enter a pre-registered client id (and secret) under OAuth sign-in in the server's settings.`;
  }
  return message;
}
