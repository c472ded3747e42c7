/**
 * A counter per server, bumped by sign-out and removal. Work that began before (a refresh
 * waiting for the authorization server, a connection's provider) remembers the epoch it
 * started in and must not write tokens back once it has moved on.
 */
import type { ServerName } from '../../../shared/config/server-config';

export class CredentialEpochs {
  private readonly epochs = new Map<ServerName, number>();

  of(server: ServerName): number {
    return this.epochs.get(server) ?? 0;
  }

  end(server: ServerName): void {
    this.epochs.set(server, this.of(server) + 1);
  }
}
