/** Permission rules (allow, ask, deny per mcp__ name), as the core stores them. */
import type { StateCreator } from 'zustand';
import type { PermissionRule } from '../../../shared/permissions';
import type { PermissionsView } from '../../../shared/api/permissions';
import type { WorkbenchState } from './store';

export interface PermissionsSlice {
  permissionRules: PermissionRule[];
  permissionsLoaded: boolean;
  permissionsFile?: string;
  permissionsProblem?: string;
  loadPermissions(): Promise<void>;
  setPermissionRule(rule: PermissionRule): Promise<void>;
  removePermissionRule(pattern: string): Promise<void>;
}

export const createPermissionsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], PermissionsSlice> =>
  (set) => {
    const apply = (view: PermissionsView) =>
      set({ permissionRules: view.rules, permissionsLoaded: true, permissionsFile: view.file, permissionsProblem: view.problem });
    return {
      permissionRules: [],
      permissionsLoaded: false,
      async loadPermissions() {
        try {
          apply(await api.getPermissions());
        } catch (error) {
          set({ permissionsLoaded: true, permissionsProblem: (error as Error).message });
        }
      },
      async setPermissionRule(rule) {
        apply(await api.setPermissionRule(rule));
      },
      async removePermissionRule(pattern) {
        apply(await api.removePermissionRule({ pattern }));
      },
    };
  };
