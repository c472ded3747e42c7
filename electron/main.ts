/**
 * The Electron shell: creates the window, wires IPC to the core, and makes sure no
 * server process outlives the app. Everything that is not Electron-specific lives in
 * electron/core.
 */
// First of all: refuse to start as a whole app when asked for a plain Node (see the module).
import './shell/refuse-run-as-node';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, safeStorage, session, shell, utilityProcess, type WebContents } from 'electron';
import { EVENT_CHANNEL } from '../shared/api/event-channel';
import { createCore, type Core } from './core/api/core-api';
import { createDispatcher, type Dispatch } from './core/api/dispatcher';
import { resolveAppDataDir, resolveAppDirs } from './core/app-data';
import { diagnostics, logFolder, startDiagnostics } from './core/diagnostics/diagnostics';
import type { EventStream } from './core/events/event-bus';
import { setImageWorkerLauncher } from './core/results/image-fitter';
import { lazySecretStore } from './core/secrets/lazy-secret-store';
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol';
import { placeAppPaths } from './shell/app-paths';
import { SANDBOX_ORIGIN, serveSandboxProtocol } from './shell/app-sandbox-protocol';
import { createDesktopSecretStore } from './shell/desktop-secret-store';
import { electronDesktop } from './shell/desktop';
import { hardenWebContents } from './shell/hardening';
import { utilityProcessImageWorker } from './shell/image-worker-utility-process';
import { registerIpcHandlers } from './shell/ipc-handlers';
import { utilityProcessKeychainRunner } from './shell/keychain-utility-process';
import { bringToFront, createMainWindow } from './shell/main-window';
import { createNativeDialogs } from './shell/native-dialogs';
import { openExternal } from './shell/open-external';
import { applyPermissionPolicy } from './shell/permissions';
import { quitAfterCleanup } from './shell/quit';
import { isTrustedSender } from './shell/trusted-sender';
import { messageOf } from '../shared/errors';

// One folder for every mode, so the desktop app, browser mode and the CLI share config;
// Chromium's own caches go to the cache folder.
const dirs = resolveAppDirs();
placeAppPaths(app, resolveAppDataDir(), dirs);

// One app per data folder: a second launch (a second click on the icon, a `.desktop`
// entry run twice) would start every server again, with two writers on one folder and
// one Chromium profile. It hands over to the first, which comes forward.
if (!app.requestSingleInstanceLock()) app.quit();
else start();

function start(): void {
  registerAppScheme();
  hardenWebContents(openExternal, (error) => diagnostics.warn('Opening a link in the browser failed', error));

  const ourWebContents = new Set<number>();
  /** Each window's event stream, by its WebContents id: flushed before every answer, so no answer overtakes an event emitted before it. */
  const windowStreams = new Map<number, EventStream>();
  let core: Core | undefined;
  /** The core being started; set once the app is ready. */
  let ready: Promise<Core> | undefined;
  const currentWindow = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];

  const openWindow = (ready: Promise<Core>): BrowserWindow => {
    const window = createMainWindow({ logFolder: logFolder(dirs.data), onPageFailed: (what) => diagnostics.error(what) });
    const id = window.webContents.id;
    ourWebContents.add(id);
    let closed = false;
    let stream: EventStream | undefined;
    // One IPC message per batch of events, once the core is there.
    void ready.then((activeCore) => {
      if (closed) return;
      stream = activeCore.events.stream((batch) => {
        if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, batch);
      });
      windowStreams.set(id, stream);
    });
    window.on('closed', () => {
      closed = true;
      stream?.close();
      windowStreams.delete(id);
      ourWebContents.delete(id);
    });
    return window;
  };

  const flushingEvents = (dispatch: Dispatch): Dispatch => async (method, payload, context) => {
    const envelope = await dispatch(method, payload, context);
    for (const stream of windowStreams.values()) stream.flush();
    return envelope;
  };

  quitAfterCleanup(
    app,
    async () => {
      try {
        await core?.dispose();
      } finally {
        await diagnostics.close();
      }
    },
    { report: (problem, error) => diagnostics.error(problem, error) },
  );

  app
    .whenReady()
    .then(async () => {
      applyPermissionPolicy(session.defaultSession, (contents: WebContents) => ourWebContents.has(contents.id));
      serveAppProtocol(path.resolve(__dirname, '..', 'renderer'));
      serveSandboxProtocol();
      const dataDir = app.getPath('userData');
      // `--verbose` (from a terminal) also prints every diagnostic line, down to debug, on stderr.
      startDiagnostics({ dataDir: dirs.data, fileName: 'desktop.log', ...(process.argv.includes('--verbose') ? { verbose: process.stderr } : {}) });
      diagnostics.info(`MCP Workbench ${app.getVersion()} starting (Electron ${process.versions.electron})`);
      // Images are fitted in a utility process that ends when idle (a plain Node child cannot run in the packaged app).
      const fork = utilityProcess.fork.bind(utilityProcess);
      setImageWorkerLauncher(utilityProcessImageWorker(fork));
      // The store browser mode and the CLI share, keyed in the system keychain (asked from a
      // utility process, which is killed if the keychain hangs); safeStorage where none
      // answers. Opened when a secret is first used, never before the window is up.
      const secretStore = lazySecretStore(() =>
        createDesktopSecretStore({ safeStorage, dataDir, runner: utilityProcessKeychainRunner(fork), notice: (line) => diagnostics.warn(line) }),
      );
      ready = createCore({
        dataDir,
        storageDir: dirs.data,
        cacheDir: dirs.cache,
        autoConnect: true,
        watchContracts: true,
        appVersion: app.getVersion(),
        secretStore,
        // Sign-in pages open in the system browser, for clean http(s) URLs only.
        openAuthorizationUrl: (_server, url) => openExternal(url),
        dialogs: createNativeDialogs(dialog, currentWindow),
        desktop: electronDesktop(currentWindow),
        // "Open log folder" opens it in the system's file manager.
        openFolder: async (folder) => {
          // shell.openPath answers with an error message, or '' on success.
          const problem = await shell.openPath(folder);
          if (problem) throw new Error(problem);
        },
        // MCP Apps are shown from the sandbox protocol, an origin of its own.
        appSandbox: () => ({ url: `${SANDBOX_ORIGIN}/` }),
      });
      // The window opens at once; calls made before the core is ready wait for it.
      const dispatch = ready.then((activeCore) => createDispatcher(activeCore.api));
      registerIpcHandlers(ipcMain, flushingEvents(async (method, payload, context) => (await dispatch)(method, payload, context)), (sender) => isTrustedSender(sender, ourWebContents), (id) => windowStreams.get(id));
      openWindow(ready);
      const startedCore = await ready;
      core = startedCore;
      // The page shows where secrets are kept (and any warning): it learns once the store is open.
      secretStore.onOpened((info) => startedCore.events.emit({ type: 'secret-store-changed', secretStore: info }));
    })
    .catch((error: unknown) => {
      console.error('MCP Workbench failed to start:', error);
      diagnostics.error('MCP Workbench failed to start', error);
      dialog.showErrorBox('MCP Workbench could not start', messageOf(error));
      void diagnostics.close().finally(() => app.exit(1));
    });

  // macOS: the Dock icon clicked with no window open.
  app.on('activate', () => {
    if (ready && BrowserWindow.getAllWindows().length === 0) openWindow(ready);
  });
  // Another launch handed over to this one (Electron emits this only after 'ready').
  app.on('second-instance', () => {
    const window = BrowserWindow.getAllWindows()[0];
    if (window) bringToFront(window);
    else if (ready) openWindow(ready);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
