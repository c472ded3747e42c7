/**
 * The end of a server's credentials: sign-out (the user's choice; the server stays) and
 * removal (the server left the config). Both end the server's epoch first, so a refresh or
 * a sign-in still under way cannot write tokens back afterwards.
 */
import type { ServerName } from '../../../shared/config/server-config';
import type { AuthContext } from './auth-context';
import type { SignInFlows } from './sign-in-flow';
import type { TokenKeeper } from './token-keeper';
import { logFailure } from '../diagnostics/diagnostics';

export class CredentialLifecycle {
  constructor(
    private readonly ctx: AuthContext,
    private readonly flows: SignInFlows,
    private readonly keeper: TokenKeeper,
  ) {}

  /** Forgets every credential of the server (tokens, client registration, verifier, discovery). */
  async signOut(server: ServerName): Promise<void> {
    this.stop(server, 'Signed out.');
    await this.ctx.store.delete(server);
    const { logs } = this.ctx;
    if (logs.get(server)) logs.add(server, 'step', 'Signed out: tokens, client registration and discovery state deleted');
    this.ctx.changed(server);
  }

  /** The server was removed: its credentials, timers and log go. */
  async forget(server: ServerName): Promise<void> {
    this.stop(server, 'The server was removed.');
    this.ctx.logs.forget(server);
    await this.ctx.store.delete(server);
    await this.ctx.cache.clear(server).catch(logFailure(`Clearing the needs-sign-in record of ${server} failed`));
  }

  private stop(server: ServerName, why: string): void {
    this.ctx.epochs.end(server);
    this.flows.cancel(server, why);
    this.keeper.cancel(server);
    this.ctx.challenges.forget(server);
  }
}
