/**
 * A stand-in for the `electron` module of the main process, so the built
 * out/electron/main.cjs runs under plain Node where the Electron binary cannot be had.
 * Each behaviour the app relies on follows Electron's documentation (cited beside it);
 * every call the app makes is reported to the test as a trace event over the IPC channel,
 * and the test drives it (IPC invokes, window.open, permission checks, quitting) with
 * control messages. Bundled with register.ts by tests/support/desktop-main.ts.
 */
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

type TraceEvent = { type: string } & Record<string, unknown>;

/** The real Node binary, read before register.ts makes process.execPath the "packaged app's" binary. */
const realNode = process.execPath;
/** Written beside the built stand-in (tests/support/desktop-main.ts): a utility process's process.parentPort. */
declare const PARENT_PORT_SHIM: string;

const pending: Promise<void>[] = [];
function trace(event: TraceEvent): void {
  const send = process.send?.bind(process);
  if (!send) return;
  pending.push(new Promise<void>((resolve) => void send({ kind: 'trace', event: { ...event, at: Date.now() } }, undefined, undefined, () => resolve())));
}
/** Exits once every trace event has been handed to the test. */
function flushThenExit(code: number): void {
  void Promise.all(pending).finally(() => process.exit(code));
}

let ready = false;
const paths = new Map<string, string>();

// --- app (docs/api/app.md) ---------------------------------------------------------------
class App extends EventEmitter {
  readonly keepAlive: ReturnType<typeof setInterval>;
  readonly readyPromise: Promise<void>;
  singletonDir: string | undefined;

  constructor() {
    super();
    // Chromium's message loop keeps the main process running until the app quits or exits.
    this.keepAlive = setInterval(() => undefined, 1 << 30);
    this.readyPromise = new Promise((resolve) => {
      // Ready comes after the main script's first turn (Electron: once Chromium is up).
      setTimeout(() => {
        ready = true;
        trace({ type: 'ready' });
        this.emit('ready');
        resolve();
        watchSecondInstances(this);
      }, 20);
    });
  }
  whenReady() {
    return this.readyPromise;
  }
  isReady() {
    return ready;
  }
  getVersion() {
    return '0.0.0-stand-in';
  }
  getName() {
    return 'MCP Workbench';
  }
  getPath(name: string): string {
    // "On failure, an Error is thrown."
    if (!paths.has(name)) throw new Error(`Failed to get '${name}' path`);
    return paths.get(name)!;
  }
  setPath(name: string, target: string) {
    // "If the path specifies a directory that does not exist, an Error is thrown."
    if (!fs.existsSync(target)) throw new Error(`Failed to set path: ${target} does not exist`);
    paths.set(name, target);
    trace({ type: 'set-path', name, path: target, beforeReady: !ready });
  }
  /**
   * "returns true if your process is the primary instance … false if your process should
   * immediately quit as it has sent its parameters to another instance". Chromium keys the
   * lock on the user data folder (its ProcessSingleton keeps SingletonLock there); the
   * stand-in keeps a lock file with the primary's pid, and a second instance appends its
   * argv and cwd to a message file the primary watches.
   */
  requestSingleInstanceLock() {
    const dir = this.getPath('userData');
    const lock = path.join(dir, 'StandInSingletonLock');
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (holder && alive(holder)) {
        fs.appendFileSync(path.join(dir, 'StandInSingletonMessages'), `${JSON.stringify({ argv: process.argv, cwd: process.cwd() })}\n`);
        trace({ type: 'single-instance-lock', granted: false });
        return false;
      }
      fs.writeFileSync(lock, String(process.pid));
    }
    this.singletonDir = dir;
    trace({ type: 'single-instance-lock', granted: true });
    return true;
  }
  /** "Try to close all windows. The before-quit event will be emitted first." */
  quit() {
    trace({ type: 'app-quit' });
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    for (const window of [...windows]) window.destroy();
    let stay = false;
    this.emit('will-quit', { preventDefault: () => (stay = true) });
    if (!stay) {
      this.emit('quit', {}, 0);
      flushThenExit(0);
    }
  }
  /** "Exits immediately with exitCode … without asking the user, and the before-quit and will-quit events will not be emitted." */
  exit(code = 0): void {
    trace({ type: 'app-exit', code });
    flushThenExit(code);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** "This event is guaranteed to be emitted after the ready event of app gets emitted." */
function watchSecondInstances(target: App): void {
  if (!target.singletonDir) return;
  const file = path.join(target.singletonDir, 'StandInSingletonMessages');
  let seen = 0;
  const poll = () => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return;
    }
    const lines = text.split('\n').filter(Boolean);
    for (const line of lines.slice(seen)) {
      const { argv, cwd } = JSON.parse(line) as { argv: string[]; cwd: string };
      trace({ type: 'second-instance' });
      target.emit('second-instance', {}, argv, cwd, undefined);
    }
    seen = lines.length;
  };
  setInterval(poll, 25).unref();
}

const app = new App();

// --- BrowserWindow and webContents (docs/api/browser-window.md, web-contents.md) --------------
const windows: BrowserWindow[] = [];
let nextContentsId = 1;

interface WindowOpenDetails {
  url: string;
  [key: string]: unknown;
}

class WebContents extends EventEmitter {
  readonly id: number;
  destroyed: boolean;
  url: string | undefined;
  windowOpenHandler: ((details: WindowOpenDetails) => unknown) | undefined;
  readonly window: BrowserWindow;

  constructor(window: BrowserWindow) {
    super();
    this.id = nextContentsId++;
    this.window = window;
    this.destroyed = false;
  }
  send(channel: string, ...args: unknown[]) {
    trace({ type: 'send', channel, length: JSON.stringify(args).length });
  }
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => unknown) {
    this.windowOpenHandler = handler;
  }
  setWebRTCIPHandlingPolicy(policy: string) {
    trace({ type: 'webrtc-policy', webContentsId: this.id, policy });
  }
  isDestroyed() {
    return this.destroyed;
  }
  getURL() {
    return this.url ?? '';
  }
}

class BrowserWindow extends EventEmitter {
  readonly options: { webPreferences?: Record<string, unknown> };
  readonly webContents: WebContents;
  visible: boolean;
  minimized: boolean;
  destroyed: boolean;
  focused = false;

  constructor(options: { webPreferences?: Record<string, unknown> } = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents(this);
    this.visible = false;
    this.minimized = false;
    this.destroyed = false;
    windows.push(this);
    trace({ type: 'window-created', webContentsId: this.webContents.id, webPreferences: options.webPreferences ?? {} });
    // "Emitted when a new webContents is created."
    app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows(): BrowserWindow[] {
    return windows.filter((window) => !window.destroyed);
  }
  static getFocusedWindow(): BrowserWindow | null {
    return windows.find((window) => window.focused && !window.destroyed) ?? null;
  }
  loadURL(url: string) {
    this.webContents.url = url;
    trace({ type: 'load-url', url });
    setTimeout(() => {
      if (this.destroyed) return;
      this.webContents.emit('did-finish-load');
      this.emit('ready-to-show');
    }, 5);
    return Promise.resolve();
  }
  show() {
    this.visible = true;
    trace({ type: 'window-show' });
  }
  focus() {
    this.focused = true;
    trace({ type: 'window-focus' });
  }
  restore() {
    this.minimized = false;
    trace({ type: 'window-restore' });
  }
  minimize() {
    this.minimized = true;
  }
  isMinimized() {
    return this.minimized;
  }
  isVisible() {
    return this.visible;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.destroy();
    if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed');
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

// --- ipcMain (docs/api/ipc-main.md) ---------------------------------------------------------
type InvokeListener = (event: unknown, payload: unknown) => Promise<unknown>;
const handlers = new Map<string, InvokeListener>();
const ipcMain = {
  handle(channel: string, listener: InvokeListener) {
    // "Only one handler per channel": a second registration throws in Electron.
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, listener);
  },
};

// --- protocol (docs/api/protocol.md) --------------------------------------------------------
const protocolHandlers = new Map<string, unknown>();
const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]) {
    // "This method can only be used before the ready event of the app module gets emitted."
    if (ready) throw new Error('registerSchemesAsPrivileged must be called before the app is ready');
    trace({ type: 'register-schemes', schemes });
  },
  handle(scheme: string, handler: unknown) {
    protocolHandlers.set(scheme, handler);
  },
};

// --- session (docs/api/session.md) ----------------------------------------------------------
type RequestHandler = (contents: WebContents, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
type CheckHandler = (contents: WebContents | { id: number } | null, permission: string, requestingOrigin: string, details: unknown) => boolean;
const defaultSession: { requestHandler?: RequestHandler; checkHandler?: CheckHandler; setPermissionRequestHandler(handler: RequestHandler): void; setPermissionCheckHandler(handler: CheckHandler): void } = {
  setPermissionRequestHandler(handler) {
    defaultSession.requestHandler = handler;
  },
  setPermissionCheckHandler(handler) {
    defaultSession.checkHandler = handler;
  },
};

// --- shell, dialog, nativeTheme, safeStorage -------------------------------------------------
const shell = {
  async openExternal(url: string) {
    trace({ type: 'open-external', url });
  },
  async openPath(target: string) {
    trace({ type: 'open-path', path: target });
    return '';
  },
  showItemInFolder(target: string) {
    trace({ type: 'show-item-in-folder', path: target });
  },
};
const dialog = {
  async showMessageBox(...args: unknown[]) {
    type Options = { message: string; buttons?: string[]; cancelId?: number };
    const options = (typeof (args[0] as Partial<Options> | undefined)?.message === 'string' ? args[0] : args[1]) as Options;
    trace({ type: 'message-box', message: options.message, buttons: options.buttons });
    // The user's answer: the cancel button.
    return { response: options.cancelId ?? 0, checkboxChecked: false };
  },
  showErrorBox(title: string, content: string) {
    trace({ type: 'error-box', title, content });
  },
  async showOpenDialog() {
    return { canceled: true, filePaths: [] };
  },
  async showSaveDialog() {
    return { canceled: true };
  },
};
const nativeTheme = { shouldUseDarkColors: false, themeSource: 'system' };
/** XOR with a fixed byte: bytes that are not the input, as safeStorage's are. */
const xor = (buffer: Buffer) => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
const safeStorage = {
  async isAsyncEncryptionAvailable() {
    return true;
  },
  async encryptStringAsync(plain: string) {
    return xor(Buffer.from(plain, 'utf8'));
  },
  async decryptStringAsync(encrypted: Buffer) {
    return { shouldReEncrypt: false, result: xor(encrypted).toString('utf8') };
  },
};

// --- utilityProcess (docs/api/utility-process.md) --------------------------------------------
/** The child gets process.parentPort, messages arrive as { data }, as in Electron. */
const utilityProcess = {
  fork(modulePath: string, args: string[] = [], options: { serviceName?: string; env?: NodeJS.ProcessEnv } = {}) {
    trace({ type: 'utility-fork', modulePath, serviceName: options.serviceName });
    const child = fork(modulePath, args, {
      execPath: realNode,
      execArgv: ['-r', PARENT_PORT_SHIM],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      ...(options.env ? { env: options.env } : {}),
    });
    const emitter = Object.assign(new EventEmitter(), {
      pid: child.pid,
      postMessage: (message: unknown) => void child.send(message as object),
      kill: () => child.kill(),
    });
    child.on('message', (message) => emitter.emit('message', message));
    child.on('exit', (code) => emitter.emit('exit', code ?? 1));
    return emitter;
  },
};

// --- the test's controls ----------------------------------------------------------------------
function firstWindow(): BrowserWindow {
  const window = BrowserWindow.getAllWindows()[0];
  if (!window) throw new Error('no window is open');
  return window;
}

type ControlArgs = Record<string, unknown>;
const controls: Record<string, (args: ControlArgs) => unknown> = {
  /** An IPC invoke from the top frame of the first window, as the preload sends it. */
  async invoke({ channel, payload }) {
    if (typeof channel !== 'string') throw new Error('invoke needs a channel');
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const window = firstWindow();
    const event = { sender: window.webContents, senderFrame: { url: window.webContents.getURL(), parent: null } };
    return handler(event, structuredClone(payload));
  },
  channels() {
    return [...handlers.keys()];
  },
  windowOpen({ url }) {
    const handler = firstWindow().webContents.windowOpenHandler;
    if (!handler || typeof url !== 'string') throw new Error('no window-open handler, or no URL');
    return handler({ url, frameName: '', features: '', disposition: 'foreground-tab', referrer: { url: '', policy: 'strict-origin-when-cross-origin' } });
  },
  permissionCheck({ permission, requestingOrigin, details, ourWindow }) {
    const contents = ourWindow === false ? { id: -1 } : ourWindow === null ? null : firstWindow().webContents;
    return defaultSession.checkHandler?.(contents, String(permission), String(requestingOrigin), details);
  },
  permissionRequest({ permission, details }) {
    const handler = defaultSession.requestHandler;
    if (!handler) throw new Error('no permission request handler');
    return new Promise<boolean>((resolve) => handler(firstWindow().webContents, String(permission), resolve, details));
  },
  failLoad() {
    const window = firstWindow();
    window.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', window.webContents.getURL(), true);
  },
  minimize() {
    firstWindow().minimize();
  },
  quit() {
    app.quit();
  },
  closeAllWindows() {
    for (const window of BrowserWindow.getAllWindows()) window.close();
  },
};

process.on('message', (message: { kind?: string; id?: number; op?: string; args?: ControlArgs } | null) => {
  if (!message || message.kind !== 'control' || !message.op) return;
  const control = controls[message.op];
  void Promise.resolve()
    .then(() => {
      if (!control) throw new Error(`no control named ${message.op}`);
      return control(message.args ?? {});
    })
    .then(
      (value) => process.send?.({ kind: 'reply', id: message.id, ok: true, value }),
      (error: unknown) => process.send?.({ kind: 'reply', id: message.id, ok: false, error: String((error as Error)?.stack ?? error) }),
    );
});
// The control channel must not keep the app alive on its own (the app's own loop does).
process.channel?.unref();

export {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  shell,
  dialog,
  nativeTheme,
  safeStorage,
  utilityProcess,
};
export const session = { defaultSession };
