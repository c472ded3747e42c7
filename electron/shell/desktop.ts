/**
 * The desktop as Electron offers it to the core: open a result file with its default
 * app, show it in the file manager, open links (only clean http(s) URLs, see
 * open-external.ts), and "save as" through the native dialog.
 */
import fs from 'node:fs/promises';
import { dialog, shell, type BrowserWindow } from 'electron';
import type { Desktop } from '../core/desktop';
import { openExternal } from './open-external';

export function electronDesktop(currentWindow: () => BrowserWindow | undefined): Desktop {
  return {
    async openPath(filePath) {
      // shell.openPath answers with an error message, or '' on success.
      const problem = await shell.openPath(filePath);
      if (problem) throw new Error(problem);
    },
    async showItemInFolder(filePath) {
      shell.showItemInFolder(filePath);
    },
    openUrl: (url) => openExternal(url),
    async saveCopyAs(filePath, suggestedName) {
      const window = currentWindow();
      const options = { defaultPath: suggestedName, title: 'Save a copy' };
      const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return undefined;
      await fs.copyFile(filePath, choice.filePath);
      return choice.filePath;
    },
  };
}
