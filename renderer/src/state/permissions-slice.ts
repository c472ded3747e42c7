/** Permission rules (allow, ask, deny per server and tool), as the core stores them. */
import type { StateCreator } from 'zustand';
import type { PermissionRuleInput, PermissionRuleView, RuleTargetInput } from '../../../shared/permissions';
import type { PermissionsView } from '../../../shared/api/permissions';
import type { WorkbenchState } from './store';

export interface PermissionsSlice {
  permissionRules: PermissionRuleView[];
  permissionsLoaded: boolean;
  permissionsFile?: string;
  permissionsProblem?: string;
  loadPermissions(): Promise<void>;
  setPermissionRule(rule: PermissionRuleInput): Promise<void>;
  removePermissionRule(target: RuleTargetInput): Promise<void>;
}

export const createPermissionsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], PermissionsSlice> =>
  (set) => {
    const apply = (view: PermissionsView) =>
      set({ permissionRules: view.rules, permissionsLoaded: true, permissionsFile: view.file, permissionsProblem: view.problem });
    // Runs of two tools started together wait for the same load rather than asking twice.
    let loading: Promise<void> | undefined;
    const load = async () => {
      try {
        apply(await api.getPermissions());
      } catch (error) {
        set({ permissionsLoaded: true, permissionsProblem: (error as Error).message });
      }
    };
    return {
      permissionRules: [],
      permissionsLoaded: false,
      loadPermissions() {
        loading ??= load().finally(() => (loading = undefined));
        return loading;
      },
      async setPermissionRule(rule) {
        apply(await api.setPermissionRule(rule));
      },
      async removePermissionRule(target) {
        apply(await api.removePermissionRule(target));
      },
    };
  };
