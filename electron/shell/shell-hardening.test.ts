/**
 * The Electron shell's defences, unit-tested against a fake `electron` module (the
 * binary is not needed): navigation away and webviews are refused; a new window is never
 * opened, a clean http(s) link that asked for one goes to the browser; the app protocol
 * serves only the renderer folder; the window is sandboxed; openExternal opens only clean
 * http(s) URLs. The permission policy has its own test (permissions.test.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

/** Just enough of Electron's main-process API for the shell modules, recording what they do. */
const fake = vi.hoisted(() => {
  class Emitter {
    readonly listeners = new Map<string, Listener[]>();
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    once(event: string, listener: Listener) {
      return this.on(event, listener);
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
      return (this.listeners.get(event) ?? []).length > 0;
    }
  }
  class FakeWebContents extends Emitter {
    isDestroyed() {
      return false;
    }
    static nextId = 1;
    readonly id = FakeWebContents.nextId++;
    windowOpenHandler: ((details: { url: string }) => unknown) | undefined;
    setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
      this.windowOpenHandler = handler;
    }
    webRtcPolicy: string | undefined;
    setWebRTCIPHandlingPolicy(policy: string) {
      this.webRtcPolicy = policy;
    }
  }
  const app = new Emitter();
  type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
  type CheckHandler = (...args: unknown[]) => boolean;
  const defaultSession = {
    requestHandler: undefined as RequestHandler | undefined,
    checkHandler: undefined as CheckHandler | undefined,
    setPermissionRequestHandler(handler: RequestHandler) {
      defaultSession.requestHandler = handler;
    },
    setPermissionCheckHandler(handler: CheckHandler) {
      defaultSession.checkHandler = handler;
    },
  };
  const session = { defaultSession };
  const protocol = {
    privileged: [] as unknown[],
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged(schemes: unknown[]) {
      protocol.privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      protocol.handlers.set(scheme, handler);
    },
  };
  const windows: { options: { webPreferences: Record<string, unknown> }; loadURL: ReturnType<typeof vi.fn>; webContents: FakeWebContents }[] = [];
  class BrowserWindow extends Emitter {
    readonly webContents = new FakeWebContents();
    readonly loadURL = vi.fn(async () => undefined);
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super();
      windows.push(this);
    }
    show() {}
  }
  const shell = { openExternal: vi.fn(async (_url: string) => undefined) };
  return { app, session, protocol, BrowserWindow, windows, shell, FakeWebContents, nativeTheme: { shouldUseDarkColors: false } };
});

vi.mock('electron', () => ({
  app: fake.app,
  session: fake.session,
  protocol: fake.protocol,
  BrowserWindow: fake.BrowserWindow,
  shell: fake.shell,
  nativeTheme: fake.nativeTheme,
}));

const { hardenWebContents } = await import('./hardening');
const { APP_ENTRY_URL, APP_SCHEME, registerAppScheme, serveAppProtocol } = await import('./app-protocol');
const { createMainWindow } = await import('./main-window');
const { SANDBOX_ORIGIN, serveSandboxProtocol } = await import('./app-sandbox-protocol');
const { checkExternalUrl, openExternal } = await import('./open-external');

/** A navigation-style event as Electron passes it: preventDefault is the only way to refuse. */
function navigationEvent() {
  return { preventDefault: vi.fn(), defaultPrevented: false };
}

describe('every web contents (hardenWebContents)', () => {
  let contents: InstanceType<typeof fake.FakeWebContents>;
  const opened: string[] = [];
  const openErrors: unknown[] = [];
  beforeAll(() => {
    hardenWebContents(
      async (url) => void opened.push(url),
      (error) => openErrors.push(error),
    );
  });
  beforeEach(() => {
    contents = new fake.FakeWebContents();
    fake.app.emit('web-contents-created', {}, contents);
  });

  it('refuses navigation away from the app, and redirects', () => {
    for (const url of ['https://evil.example/', 'http://127.0.0.1:8080/', 'file:///etc/passwd', 'app://workbench/other.html', 'javascript:alert(1)']) {
      for (const name of ['will-navigate', 'will-redirect']) {
        const event = navigationEvent();
        expect(contents.emit(name, event, url), `${name} has a listener`).toBe(true);
        expect(event.preventDefault, `${name} ${url}`).toHaveBeenCalled();
      }
    }
  });

  it('never opens a window: a clean http(s) link (target="_blank", window.open) goes to the browser, anything else nowhere', () => {
    // Electron's security tutorial, "Disable or limit creation of new windows": hand the URL to
    // shell.openExternal (here the checked openExternal) and deny the window.
    expect(contents.windowOpenHandler).toBeDefined();
    opened.length = 0;
    for (const url of ['https://example.com/docs#rule', 'http://127.0.0.1:3000/', 'app://workbench/index.html', 'about:blank', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.com/']) {
      expect(contents.windowOpenHandler!({ url }), url).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://example.com/docs#rule', 'http://127.0.0.1:3000/']);
    expect(openErrors).toEqual([]);
  });

  it('lets WebRTC use no UDP without a proxy (no STUN/TURN datagram from an app frame)', () => {
    expect(contents.webRtcPolicy).toBe('disable_non_proxied_udp');
  });

  it('refuses to attach a webview', () => {
    const event = navigationEvent();
    const webPreferences = { nodeIntegration: true };
    expect(contents.emit('will-attach-webview', event, webPreferences, { src: 'https://evil.example/' })).toBe(true);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('applies to every web contents created, not only the first', () => {
    const other = new fake.FakeWebContents();
    fake.app.emit('web-contents-created', {}, other);
    const event = navigationEvent();
    other.emit('will-navigate', event, 'https://evil.example/');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(other.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('the app protocol', () => {
  let base: string;
  let handler: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-protocol-'));
    const rendererDir = path.join(base, 'renderer');
    await fs.mkdir(path.join(rendererDir, 'assets'), { recursive: true });
    await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
    await fs.writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
    await fs.writeFile(path.join(base, 'secret.txt'), 'TOP SECRET');
    await fs.writeFile(path.join(base, 'renderer-secret.txt'), 'TOP SECRET');
    serveAppProtocol(rendererDir);
    handler = fake.protocol.handlers.get(APP_SCHEME)!;
  });

  afterAll(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('is registered as a secure standard scheme with V8 code cache and without CSP bypass', () => {
    registerAppScheme();
    // docs/api/structures/custom-scheme.md: codeCache "only works when standard is also set to true".
    expect(fake.protocol.privileged).toContainEqual({ scheme: APP_SCHEME, privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) });
    const privileges = (fake.protocol.privileged[0] as { privileges: Record<string, unknown> }).privileges;
    expect(privileges.bypassCSP).toBeFalsy();
  });

  it('serves the renderer with the CSP', async () => {
    const res = await handler(new Request(APP_ENTRY_URL));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await handler(new Request('app://workbench/assets/app.js'));
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
  });

  it('never serves anything outside the renderer folder', async () => {
    const attempts = [
      'app://workbench/../secret.txt',
      'app://workbench/..%2fsecret.txt',
      'app://workbench/%2e%2e%2fsecret.txt',
      'app://workbench/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      'app://workbench/assets/..%2f..%2fsecret.txt',
      'app://workbench/..%5csecret.txt',
      'app://workbench/%2fetc%2fpasswd',
      'app://workbench//etc/passwd',
      `app://workbench/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
      'app://workbench/..%00/secret.txt',
      'app://workbench/%E0%A4%A',
      'app://workbench/../renderer-secret.txt',
      'app://other-host/index.html',
      'app://workbench/assets',
    ];
    for (const url of attempts) {
      const res = await handler(new Request(url));
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('SECRET');
    }
  });
});

describe('the main window', () => {
  it('is sandboxed and isolated, without Node or webviews, and loads the app protocol', () => {
    createMainWindow({ logFolder: '/logs', onPageFailed: () => undefined });
    const window = fake.windows.at(-1)!;
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String(window.options.webPreferences.preload)).toMatch(/preload\.cjs$/);
    expect(window.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
    expect(APP_ENTRY_URL.startsWith('app://workbench/')).toBe(true);
  });
});

describe('openExternal', () => {
  beforeEach(() => {
    fake.shell.openExternal.mockClear();
  });

  it('opens http and https URLs', async () => {
    await openExternal('https://example.com/docs?x=1#y');
    await openExternal('http://127.0.0.1:3000/callback');
    expect(fake.shell.openExternal.mock.calls).toEqual([['https://example.com/docs?x=1#y'], ['http://127.0.0.1:3000/callback']]);
  });

  it('refuses every other scheme, and anything that does not parse cleanly, without calling the shell', async () => {
    const refused: unknown[] = [
      'file:///etc/passwd',
      'file://server/share/run.exe',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'smb://evil.example/share',
      'ms-msdt:/id PCWDiagnostic',
      'vscode://extension/install',
      'mailto:someone@example.com',
      'ftp://example.com/',
      'app://workbench/index.html',
      'about:blank',
      'https://trusted.example@evil.example/',
      'https://user:pass@example.com/',
      ' https://example.com/',
      'https://exa\tmple.com/',
      'https://example.com/\n',
      'https:///nohost',
      'https:example.com',
      'https:\\\\evil.example/',
      'https://example.com\\@evil.example/',
      'https://',
      'example.com',
      '//example.com/path',
      '',
      `https://example.com/${'a'.repeat(10_000)}`,
      42,
      null,
      undefined,
      { href: 'https://example.com/' },
    ];
    for (const url of refused) {
      expect(checkExternalUrl(url).ok, String(url)).toBe(false);
      await expect(openExternal(url), String(url)).rejects.toMatchObject({ code: 'invalid-request', message: expect.stringMatching(/^Refusing to open/) });
    }
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('the MCP Apps sandbox protocol', () => {
  it('is privileged alongside the app scheme, and the page frames it and nothing else', async () => {
    registerAppScheme();
    expect(fake.protocol.privileged).toContainEqual({ scheme: 'mcp-app-sandbox', privileges: { standard: true, secure: true } });
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-sandbox-'));
    await fs.writeFile(path.join(base, 'index.html'), '<!doctype html><title>app</title>');
    serveAppProtocol(base);
    const page = await fake.protocol.handlers.get(APP_SCHEME)!(new Request(APP_ENTRY_URL));
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${SANDBOX_ORIGIN};`);
    await fs.rm(base, { recursive: true, force: true });
  });

  it('serves only the sandbox page, to the workbench page, under the app CSP', async () => {
    serveSandboxProtocol();
    const handler = fake.protocol.handlers.get('mcp-app-sandbox')!;
    const ok = await handler(new Request(`${SANDBOX_ORIGIN}/?parent=${encodeURIComponent('app://workbench')}`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain('frame-ancestors app://workbench');
    expect(ok.headers.get('content-security-policy')).toContain("connect-src 'none'");
    expect((await handler(new Request(`${SANDBOX_ORIGIN}/?parent=${encodeURIComponent('https://evil.example')}`))).status).toBe(403);
    expect((await handler(new Request(`${SANDBOX_ORIGIN}/index.html`))).status).toBe(404);
    expect((await handler(new Request('mcp-app-sandbox://other/'))).status).toBe(404);
  });
});
