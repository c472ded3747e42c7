import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PROXY_SCRIPT_PATH } from '../../core/apps/sandbox-page';
import { startSandboxServer, type RunningSandbox } from './sandbox-server';

const PAGE = 'http://127.0.0.1:47001';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandboxServer({ host: '127.0.0.1', hostNames: ['127.0.0.1', 'localhost'], parentOrigins: () => [PAGE] });
});
afterAll(async () => sandbox.close());

const pageUrl = (parent: string, csp?: object) => {
  const url = new URL(sandbox.url);
  url.searchParams.set('parent', parent);
  if (csp) url.searchParams.set('csp', Buffer.from(JSON.stringify(csp)).toString('base64url'));
  return url.toString();
};

describe('the MCP Apps sandbox listener', () => {
  it('listens on a loopback port of its own', () => {
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.url).toBe(`${sandbox.origin}/`);
  });

  it('serves the proxy page under the app CSP, framed only by the workbench page', async () => {
    const answer = await fetch(pageUrl(PAGE, { connectDomains: ['https://api.example', "https://x 'unsafe-eval'"] }));
    expect(answer.status).toBe(200);
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${PAGE}`);
    expect(csp).toContain('connect-src https://api.example');
    expect(csp).not.toContain('unsafe-eval');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const body = await answer.text();
    expect(body).toContain(`<meta name="mcp-host-origin" content="${PAGE}">`);
    expect(body).toContain(`<script src="${SANDBOX_PROXY_SCRIPT_PATH}"></script>`);
  });

  it('serves the proxy script, which relays only to the page origin it was given', async () => {
    const answer = await fetch(`${sandbox.origin}${SANDBOX_PROXY_SCRIPT_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/javascript');
    const script = await answer.text();
    // The app's frame: scripts and forms, never its own origin, top navigation or popups.
    expect(script).toMatch(/setAttribute\(["']sandbox["'], ["']allow-scripts allow-forms["']\)/);
  });

  it('refuses a page that is not the workbench, other paths, other methods and other Host names', async () => {
    expect((await fetch(pageUrl('http://evil.example'))).status).toBe(403);
    expect((await fetch(sandbox.url)).status).toBe(403);
    expect((await fetch(`${sandbox.origin}/index.html`)).status).toBe(404);
    expect((await fetch(`${sandbox.origin}/api`)).status).toBe(404);
    expect((await fetch(pageUrl(PAGE), { method: 'POST' })).status).toBe(405);
    const rebound = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request(pageUrl(PAGE), { headers: { Host: `evil.example:${new URL(sandbox.origin).port}` } }, (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        req.end();
      }, reject);
    });
    expect(rebound).toBe(421);
  });
});
