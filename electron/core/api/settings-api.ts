/** SettingsApi: read and change the global settings. */
import type { SettingsApi } from '../../../shared/api/settings';
import type { CoreContext } from './core-context';

export function createSettingsApi(ctx: CoreContext): SettingsApi {
  return {
    getSettings: async () => ctx.settings.view(),
    updateSettings: (patch) => ctx.settings.update(patch),
  };
}
