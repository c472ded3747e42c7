/** The main window: sandboxed, isolated, no Node in the page, preload exposing only window.api. */
import path from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme } from 'electron';
import { APP_ENTRY_URL } from './app-protocol';

/** Chromium's net error for a load that was replaced by another one: not a failure. */
const ERR_ABORTED = -3;

export interface MainWindowOptions {
  /** Told when the page could not be loaded or its renderer process ended. */
  onPageFailed(what: string): void;
  /** Where the diagnostic log is, for the message. */
  logFolder: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'MCP Workbench',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16181d' : '#ffffff',
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The window is shown once the page is ready; a page that never gets there would leave an
  // invisible app running. Show the window and say what happened instead.
  window.webContents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED) return;
    pageFailed(window, `The workbench page could not be loaded (${errorDescription || `error ${errorCode}`}, ${validatedURL}).`, options);
  });
  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    pageFailed(window, `The workbench page stopped (${details.reason}, exit code ${details.exitCode}).`, options);
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

function pageFailed(window: BrowserWindow, message: string, options: MainWindowOptions): void {
  options.onPageFailed(message);
  if (window.isDestroyed()) return;
  window.show();
  void dialog
    .showMessageBox(window, { type: 'error', message, detail: `Reload tries again; the servers keep running meanwhile. The diagnostic log in ${options.logFolder} has the details.`, buttons: ['Reload', 'Quit'], defaultId: 0, cancelId: 1 })
    .then(({ response }) => {
      if (window.isDestroyed()) return;
      if (response === 0) void window.loadURL(APP_ENTRY_URL);
      else app.quit();
    });
}

/** A second launch brings the existing window forward (restored if minimised). */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
