import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startCallbackListener } from './callback-listener';

const get = (url: string) => fetch(url, { redirect: 'manual' });

/** Writes raw bytes to the port and resolves with everything the server answers before it closes. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the loopback callback listener', () => {
  it('refuses a wrong or missing state without using itself up, then takes the right callback once and closes', async () => {
    const refused: string[] = [];
    const listener = await startCallbackListener({ state: 'expected-state', onRequest: (e) => !e.accepted && refused.push(e.reason ?? '') });
    expect(listener.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const wrong = await get(`${listener.redirectUrl}?code=attacker-code&state=guessed`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/does not match/);
    expect((await get(`${listener.redirectUrl}?code=attacker-code`)).status).toBe(400);
    expect((await get(`http://127.0.0.1:${listener.port}/other?state=expected-state`)).status).toBe(404);
    expect(refused).toEqual(['wrong state', 'no state', 'not the callback']);

    const right = await get(`${listener.redirectUrl}?code=the-code&state=expected-state`);
    expect(right.status).toBe(200);
    expect(await right.text()).toMatch(/You can close this tab/);
    await expect(listener.code).resolves.toBe('the-code');
    // Closed: a second callback finds nobody listening.
    await expect(get(`${listener.redirectUrl}?code=again&state=expected-state`)).rejects.toThrow();
  });

  it("keeps the response's iss (RFC 9207) with the code, so the token exchange can compare it with the issuer", async () => {
    const withIss = await startCallbackListener({ state: 's' });
    expect((await get(`${withIss.redirectUrl}?code=c1&state=s&iss=${encodeURIComponent('https://as.example/')}`)).status).toBe(200);
    await expect(withIss.response).resolves.toEqual({ code: 'c1', iss: 'https://as.example/' });
    await expect(withIss.code).resolves.toBe('c1');

    const withoutIss = await startCallbackListener({ state: 's' });
    expect((await get(`${withoutIss.redirectUrl}?code=c2&state=s`)).status).toBe(200);
    await expect(withoutIss.response).resolves.toEqual({ code: 'c2' });
  });

  it('an error from the authorization server (with the right state) ends the wait with its reason', async () => {
    const listener = await startCallbackListener({ state: 's' });
    const page = await get(`${listener.redirectUrl}?error=access_denied&error_description=The+user+said+no&state=s`);
    expect(page.status).toBe(400);
    await expect(listener.code).rejects.toThrow(/did not grant access: access_denied: The user said no\./);
  });

  describe('iss (RFC 9207) once the issuer is known', () => {
    const issuer = 'https://as.example/';
    const error = 'error=access_denied&error_description=The+user+said+no&error_uri=https%3A%2F%2Fas.example%2Fhelp&state=s';

    it('an error response whose iss matches shows the authorization server\'s error plainly', async () => {
      const listener = await startCallbackListener({ state: 's' });
      listener.expectIssuer({ issuer, issParameterSupported: true });
      const page = await get(`${listener.redirectUrl}?${error}&iss=${encodeURIComponent(issuer)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('The authorization server answered: access_denied: The user said no (more at https://as.example/help).');
      await expect(listener.code).rejects.toMatchObject({
        reason: 'denied',
        message: 'The authorization server did not grant access: access_denied: The user said no (more at https://as.example/help).',
      });
    });

    it('an error response naming another issuer is refused as a mix-up, its error text neither shown nor passed on', async () => {
      const refused: string[] = [];
      const listener = await startCallbackListener({ state: 's', onRequest: (e) => !e.accepted && refused.push(e.reason ?? '') });
      listener.expectIssuer({ issuer, issParameterSupported: false });
      const page = await get(`${listener.redirectUrl}?${error}&iss=${encodeURIComponent('https://evil.example/')}`);
      expect(page.status).toBe(400);
      const body = await page.text();
      expect(body).toMatch(/Sign-in refused/);
      expect(body).not.toContain('The user said no');
      const failure = await listener.code.then(() => undefined, (e: unknown) => e as Error & { reason: string });
      expect(failure).toMatchObject({ reason: 'issuer-mismatch' });
      expect(failure!.message).toBe('The authorization response names the issuer "https://evil.example/", not https://as.example/ that this sign-in went to (RFC 9207, a mix-up): refused, nothing in it used.');
      expect(failure!.message).not.toContain('The user said no');
      expect(refused).toEqual(['wrong iss']);
    });

    it('a response without iss where the authorization server promised one is refused; a code with another iss too', async () => {
      const missing = await startCallbackListener({ state: 's' });
      missing.expectIssuer({ issuer, issParameterSupported: true });
      expect((await get(`${missing.redirectUrl}?${error}`)).status).toBe(400);
      await expect(missing.code).rejects.toMatchObject({ reason: 'issuer-mismatch', message: expect.stringMatching(/carries no "iss", though https:\/\/as\.example\/ says its responses do/) });

      const code = await startCallbackListener({ state: 's' });
      code.expectIssuer({ issuer, issParameterSupported: false });
      expect((await get(`${code.redirectUrl}?code=c&state=s&iss=${encodeURIComponent('https://evil.example/')}`)).status).toBe(400);
      await expect(code.code).rejects.toMatchObject({ reason: 'issuer-mismatch' });

      // Without the promise, a response without iss passes (RFC 9207 §2.4), error or code.
      const lenient = await startCallbackListener({ state: 's' });
      lenient.expectIssuer({ issuer, issParameterSupported: false });
      expect((await get(`${lenient.redirectUrl}?code=c&state=s`)).status).toBe(200);
      await expect(lenient.response).resolves.toEqual({ code: 'c' });
    });
  });

  it('gives up after its time limit and stops listening', async () => {
    const listener = await startCallbackListener({ state: 's', timeoutMs: 200 });
    await expect(listener.code).rejects.toMatchObject({ reason: 'timeout' });
    await expect(get(`${listener.redirectUrl}?code=late&state=s`)).rejects.toThrow();
  });

  it('listens on the configured port, and can be cancelled', async () => {
    const first = await startCallbackListener({ state: 's' });
    const port = first.port;
    first.cancel();
    await expect(first.code).rejects.toMatchObject({ reason: 'cancelled' });
    const again = await startCallbackListener({ state: 's', port });
    expect(again.port).toBe(port);
    again.cancel();
    await again.code.catch(() => undefined);
  });

  it('answers only requests addressed to a loopback host name', async () => {
    const listener = await startCallbackListener({ state: 's' });
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: listener.port, path: '/callback?code=c&state=s', headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
    listener.cancel();
    await listener.code.catch(() => undefined);
  });

  it('answers a request target that does not parse with 400 and keeps waiting for the callback', async () => {
    const listener = await startCallbackListener({ state: 's' });
    const answer = await rawRequest(listener.port, `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${listener.port}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const right = await get(`${listener.redirectUrl}?code=the-code&state=s`);
    expect(right.status).toBe(200);
    await expect(listener.code).resolves.toBe('the-code');
  });

  it('shows the error_description of the authorization server as text, never as markup', async () => {
    const listener = await startCallbackListener({ state: 's' });
    const description = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
    const response = await get(`${listener.redirectUrl}?error=access_denied&error_description=${encodeURIComponent(description)}&state=s`);
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=alert(2)&#62;&#34;&#39;&#38;');
    await expect(listener.code).rejects.toThrow(/<script>alert\(1\)<\/script>/);
  });
});
