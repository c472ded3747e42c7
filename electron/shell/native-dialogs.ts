/** The core's NativeDialogs on Electron's `dialog`, attached to the focused window. */
import type { BrowserWindow, Dialog } from 'electron';
import type { NativeDialogs } from '../core/platform/native-dialogs';

export function createNativeDialogs(dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>, parent: () => BrowserWindow | undefined): NativeDialogs {
  const open = async (title: string, properties: Array<'openDirectory' | 'openFile' | 'createDirectory' | 'showHiddenFiles'>) => {
    const window = parent();
    const options = { title, properties };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths[0];
  };
  return {
    chooseFolder: ({ title }) => open(title, ['openDirectory', 'createDirectory']),
    // Config files often hide in dot-folders (~/.cursor, .vscode).
    chooseOpenFile: ({ title }) => open(title, ['openFile', 'showHiddenFiles']),
    async chooseSaveFile({ title, defaultName }) {
      const window = parent();
      const options = { title, ...(defaultName ? { defaultPath: defaultName } : {}), properties: ['showHiddenFiles' as const, 'createDirectory' as const] };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled ? undefined : result.filePath;
    },
  };
}
