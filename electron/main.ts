/**
 * The Electron shell: creates the window, wires IPC to the core, and makes sure no
 * server process outlives the app. Everything that is not Electron-specific lives in
 * electron/core.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, safeStorage, shell, utilityProcess } from 'electron';
import { EVENT_CHANNEL } from '../shared/api';
import { createCore, type Core } from './core/api/core-api';
import { createDispatcher, type Dispatch } from './core/api/dispatcher';
import { resolveAppDataDir, resolveAppDirs } from './core/app-data';
import { diagnostics, startDiagnostics } from './core/diagnostics/diagnostics';
import type { EventStream } from './core/events/event-bus';
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol';
import { SANDBOX_ORIGIN, serveSandboxProtocol } from './shell/app-sandbox-protocol';
import { denyPermissions, hardenWebContents } from './shell/hardening';
import { registerIpcHandlers } from './shell/ipc-handlers';
import { electronDesktop } from './shell/desktop';
import { createMainWindow } from './shell/main-window';
import { createNativeDialogs } from './shell/native-dialogs';
import { openExternal } from './shell/open-external';
import { createDesktopSecretStore } from './shell/desktop-secret-store';
import { utilityProcessKeychainRunner } from './shell/keychain-utility-process';
import { utilityProcessImageWorker } from './shell/image-worker-utility-process';
import { setImageWorkerLauncher } from './core/results/image-fitter';
import { isTrustedSender } from './shell/trusted-sender';

// One folder for every mode, so the desktop app, browser mode and the CLI share config.
app.setPath('userData', resolveAppDataDir());
registerAppScheme();
hardenWebContents();

const ourWebContents = new Set<number>();
/** Each window's event stream: flushed before every answer, so no answer overtakes an event emitted before it. */
const windowStreams = new Set<EventStream>();
let core: Core | undefined;

function openWindow(activeCore: Core): void {
  const window = createMainWindow();
  const id = window.webContents.id;
  ourWebContents.add(id);
  // One IPC message per batch of events.
  const stream = activeCore.events.stream((batch) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, batch);
  });
  windowStreams.add(stream);
  window.on('closed', () => {
    stream.close();
    windowStreams.delete(stream);
    ourWebContents.delete(id);
  });
}

function flushingEvents(dispatch: Dispatch): Dispatch {
  return async (method, payload) => {
    const envelope = await dispatch(method, payload);
    for (const stream of windowStreams) stream.flush();
    return envelope;
  };
}

app.whenReady().then(async () => {
  denyPermissions();
  serveAppProtocol(path.resolve(__dirname, '..', 'renderer'));
  serveSandboxProtocol();
  const dataDir = app.getPath('userData');
  const dirs = resolveAppDirs();
  // `--verbose` (from a terminal) also prints every diagnostic line, down to debug, on stderr.
  startDiagnostics({ dataDir: dirs.data, fileName: 'desktop.log', ...(process.argv.includes('--verbose') ? { verbose: process.stderr } : {}) });
  diagnostics.info(`MCP Workbench ${app.getVersion()} starting (Electron ${process.versions.electron})`);
  // Images are fitted in a utility process that ends when idle (a plain Node child cannot run in the packaged app).
  setImageWorkerLauncher(utilityProcessImageWorker((modulePath, args, options) => utilityProcess.fork(modulePath, args, options)));
  core = await createCore({
    dataDir,
    storageDir: dirs.data,
    cacheDir: dirs.cache,
    autoConnect: true,
    watchContracts: true,
    appVersion: app.getVersion(),
    // The store browser mode and the CLI share, keyed in the system keychain (asked from a
    // utility process, which is killed if the keychain hangs); safeStorage where none answers.
    secretStore: await createDesktopSecretStore({
      safeStorage,
      dataDir,
      runner: utilityProcessKeychainRunner((modulePath, args, options) => utilityProcess.fork(modulePath, args, options)),
      notice: (line) => console.warn(line),
    }),
    // Sign-in pages open in the system browser, for clean http(s) URLs only.
    openAuthorizationUrl: (_server, url) => openExternal(url),
    dialogs: createNativeDialogs(dialog, () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]),
    // Electron runs the login-shell probe as plain Node (ELECTRON_RUN_AS_NODE is set for it).
    desktop: electronDesktop(() => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]),
    // "Open log folder" opens it in the system's file manager.
    openFolder: async (folder) => {
      // shell.openPath answers with an error message, or '' on success.
      const problem = await shell.openPath(folder);
      if (problem) throw new Error(problem);
    },
    // MCP Apps are shown from the sandbox protocol, an origin of its own.
    appSandbox: () => ({ url: `${SANDBOX_ORIGIN}/` }),
  });
  registerIpcHandlers(ipcMain, flushingEvents(createDispatcher(core.api)), (sender) => isTrustedSender(sender, ourWebContents));
  openWindow(core);
  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) openWindow(core);
  });
}).catch((error: unknown) => {
  console.error('MCP Workbench failed to start:', error);
  diagnostics.error('MCP Workbench failed to start', error);
  void diagnostics.close().finally(() => app.exit(1));
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Close every server before exiting so quitting leaves no process behind.
let disposed = false;
app.on('before-quit', (event) => {
  if (disposed || !core) return;
  event.preventDefault();
  void core
    .dispose()
    .catch((error: unknown) => diagnostics.error('Closing the servers failed', error))
    .then(() => diagnostics.close())
    .finally(() => {
      disposed = true;
      app.quit();
    });
});
