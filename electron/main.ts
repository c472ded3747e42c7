/**
 * The Electron shell: creates the window, wires IPC to the core, and makes sure no
 * server process outlives the app. Everything that is not Electron-specific lives in
 * electron/core.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, safeStorage } from 'electron';
import { EVENT_CHANNEL } from '../shared/api';
import { createCore, type Core } from './core/api/core-api';
import { createDispatcher } from './core/api/dispatcher';
import { resolveAppDataDir } from './core/app-data';
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol';
import { SANDBOX_ORIGIN, serveSandboxProtocol } from './shell/app-sandbox-protocol';
import { denyPermissions, hardenWebContents } from './shell/hardening';
import { registerIpcHandlers } from './shell/ipc-handlers';
import { electronDesktop } from './shell/desktop';
import { createMainWindow } from './shell/main-window';
import { createNativeDialogs } from './shell/native-dialogs';
import { openExternal } from './shell/open-external';
import { createSafeStorageSecretStore } from './shell/safe-storage-secrets';
import { isTrustedSender } from './shell/trusted-sender';

// One folder for every mode, so the desktop app, browser mode and the CLI share config.
app.setPath('userData', resolveAppDataDir());
registerAppScheme();
hardenWebContents();

const ourWebContents = new Set<number>();
let core: Core | undefined;

function openWindow(activeCore: Core): void {
  const window = createMainWindow();
  const id = window.webContents.id;
  ourWebContents.add(id);
  const unsubscribe = activeCore.events.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
  window.on('closed', () => {
    unsubscribe();
    ourWebContents.delete(id);
  });
}

app.whenReady().then(async () => {
  denyPermissions();
  serveAppProtocol(path.resolve(__dirname, '..', 'renderer'));
  serveSandboxProtocol();
  const dataDir = app.getPath('userData');
  core = await createCore({
    dataDir,
    autoConnect: true,
    appVersion: app.getVersion(),
    // Secrets encrypted with the system keychain; the core never sees Electron.
    secretStore: await createSafeStorageSecretStore(safeStorage, dataDir),
    // Sign-in pages open in the system browser, for clean http(s) URLs only.
    openAuthorizationUrl: (_server, url) => openExternal(url),
    dialogs: createNativeDialogs(dialog, () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]),
    // Electron runs the login-shell probe as plain Node (ELECTRON_RUN_AS_NODE is set for it).
    desktop: electronDesktop(() => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]),
    // MCP Apps are shown from the sandbox protocol, an origin of its own.
    appSandbox: () => ({ url: `${SANDBOX_ORIGIN}/` }),
  });
  registerIpcHandlers(ipcMain, createDispatcher(core.api), (sender) => isTrustedSender(sender, ourWebContents));
  openWindow(core);
  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) openWindow(core);
  });
}).catch((error: unknown) => {
  console.error('MCP Workbench failed to start:', error);
  app.exit(1);
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Close every server before exiting so quitting leaves no process behind.
let disposed = false;
app.on('before-quit', (event) => {
  if (disposed || !core) return;
  event.preventDefault();
  void core.dispose().finally(() => {
    disposed = true;
    app.quit();
  });
});
