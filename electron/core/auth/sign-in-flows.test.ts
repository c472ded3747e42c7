/**
 * Two quick presses of Sign in: the first sign-in is replaced by the second, and whatever
 * the first still does on its way out (its client registration answering late) writes
 * nothing the second relies on, so the second's code exchange succeeds with the client it
 * registered and its own PKCE verifier. A real authorization server (the SDK's demo pieces,
 * e2e/fixtures/servers/oauth-server.mjs), which refuses a code presented by another client;
 * the first registration's answer is held back by a gate on the sign-in's fetch.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { Gate } from '../../../tests/support/gate';
import { FileSecretStore } from '../secrets/file-secret-store';
import { AuthService } from './auth-service';
import { followAuthorization } from './follow-authorization';

let dataDir: string | undefined;
let fixture: RunningFixture | undefined;
let auth: AuthService | undefined;

afterEach(async () => {
  await auth?.dispose();
  await fixture?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('two sign-ins of one server, one right after the other', () => {
  it('the second signs in with its own client and verifier, whatever the first does on its way out', async () => {
    fixture = await startFixture('oauth-server');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-sign-ins-'));
    const firstRegistering = new Gate();
    const firstRegistrationAnswers = new Gate();
    let registrations = 0;
    const gatedFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && new URL(String(input instanceof Request ? input.url : input)).pathname === '/register' && ++registrations === 1) {
        firstRegistering.open();
        await firstRegistrationAnswers.passed;
      }
      return response;
    };
    const pages: string[] = [];
    const secondPage = new Gate();
    auth = new AuthService({
      secrets: new FileSecretStore(path.join(dataDir, 'secrets.json')),
      dataDir,
      fetch: gatedFetch,
      openAuthorizationUrl: async () => undefined,
    });
    const config = { type: 'http' as const, url: fixture.url };

    const first = auth.signIn('guarded', config, async (_server, url) => void pages.push(url)).then(
      () => 'signed in',
      (error: unknown) => String(error),
    );
    await firstRegistering.passed;
    const second = auth.signIn('guarded', config, async (_server, url) => {
      pages.push(url);
      secondPage.open();
    });
    await secondPage.passed;
    // The first one's registration answers only now, after the second registered its own client.
    firstRegistrationAnswers.open();
    expect(await first).toMatch(/the sign-in was cancelled/);

    // The browser comes back to the second sign-in.
    await followAuthorization(pages.at(-1)!);
    await second;
    expect(await auth.status('guarded', config)).toMatchObject({ signedIn: true });
    expect(await fixture.http<{ codeExchanges: number; registrations: number }>('/stats')).toMatchObject({ codeExchanges: 1, registrations: 2 });
  });
});
