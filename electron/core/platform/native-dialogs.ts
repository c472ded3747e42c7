/**
 * The system's file dialogs. Only the desktop app has them: its shell passes an
 * implementation on Electron's `dialog`; browser mode and the CLI pass none, and the UI
 * offers a path field instead.
 */
export interface NativeDialogs {
  chooseFolder(options: { title: string }): Promise<string | undefined>;
  chooseOpenFile(options: { title: string }): Promise<string | undefined>;
  chooseSaveFile(options: { title: string; defaultName?: string }): Promise<string | undefined>;
}
