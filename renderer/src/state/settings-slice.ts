/** The global settings as the core reports them. */
import type { StateCreator } from 'zustand';
import type { SettingsPatch, SettingsView } from '../../../shared/api/settings';
import type { WorkbenchState } from './store';

export interface SettingsSlice {
  settings?: SettingsView;
  settingsError?: string;
  loadSettings(): Promise<void>;
  saveSettings(patch: SettingsPatch): Promise<SettingsView>;
  applySettings(view: SettingsView): void;
}

export const createSettingsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], SettingsSlice> =>
  (set) => ({
    async loadSettings() {
      try {
        set({ settings: await api.getSettings(), settingsError: undefined });
      } catch (error) {
        set({ settingsError: (error as Error).message });
      }
    },
    async saveSettings(patch) {
      const view = await api.updateSettings(patch);
      set({ settings: view, settingsError: undefined });
      return view;
    },
    applySettings(view) {
      set({ settings: view });
    },
  });
