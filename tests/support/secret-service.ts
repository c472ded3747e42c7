/**
 * For the keychain tests: a real Secret Service for the whole file (started before its
 * tests, stopped after them, or the reason it cannot start printed once), and a D-Bus
 * socket that accepts connections and never answers, for the tests of a keychain that hangs.
 */
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { envWithoutBus, startSecretService, type SecretService } from '../../electron/core/secrets/secret-service.testing';

export interface SharedSecretService {
  /** The running service, once started; undefined where it could not be. */
  readonly service: SecretService | undefined;
  /** Why it could not be started (empty while it runs). */
  readonly unavailable: string;
  /** The running service; where there is none, the test is skipped with the reason. */
  require(context: { skip(note?: string): never }): SecretService;
}

/** Starts the Secret Service before this file's tests; `what` names them in the line printed when it cannot start. */
export function useSecretService(what: string): SharedSecretService {
  const shared = {
    service: undefined as SecretService | undefined,
    unavailable: '',
    require: (context: { skip(note?: string): never }) => shared.service ?? context.skip(shared.unavailable),
  };
  beforeAll(async () => {
    const started = await startSecretService();
    if ('unavailable' in started) {
      shared.unavailable = started.unavailable;
      console.warn(`${what} against a real Secret Service skipped: ${shared.unavailable}`);
    } else shared.service = started;
  }, 30_000);
  afterAll(async () => {
    await shared.service?.stop();
  });
  return shared;
}

/** Runs `test` with an environment whose session bus (a socket in `dir`) accepts D-Bus connections and then says nothing. */
export async function withSilentBus(dir: string, test: (env: NodeJS.ProcessEnv) => Promise<void>): Promise<void> {
  const socketPath = path.join(dir, 'silent-bus');
  const silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(socketPath, resolve));
  try {
    await test({ ...envWithoutBus(), DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}` });
  } finally {
    silent.close();
  }
}
