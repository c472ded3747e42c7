/**
 * What the host's desktop offers the core: opening result files and links outside the
 * app. Electron passes its `shell` and save dialog (electron/shell/desktop.ts); browser
 * mode passes a best-effort opener (electron/host/desktop.ts) and leaves links and
 * "save as" to the page, which runs in the user's own browser.
 */
export interface Desktop {
  /** Opens a file with the system's default app. */
  openPath(filePath: string): Promise<void>;
  /** Shows a file in the system's file manager. */
  showItemInFolder(filePath: string): Promise<void>;
  /**
   * Opens a clean http(s) URL (already checked) in the system browser. Absent: the page
   * opens it itself.
   */
  openUrl?(url: string): Promise<void>;
  /** Asks where to save and copies the file there; undefined when the user cancelled. Absent: the page downloads it. */
  saveCopyAs?(filePath: string, suggestedName: string): Promise<string | undefined>;
}

/** For tests and the CLI: refuses everything with a clear message. */
export const noDesktop: Desktop = {
  async openPath() {
    throw new Error('Opening files is not available here.');
  },
  async showItemInFolder() {
    throw new Error('Showing files is not available here.');
  },
};
