/** PermissionsApi: the rules that decide whether a tool call asks first. */
import type { PermissionsApi } from '../../../shared/api/permissions';
import type { ToolKit } from '../tools/tool-kit';

export function createPermissionsApi(kit: ToolKit): PermissionsApi {
  return {
    getPermissions: async () => kit.permissions.view(),
    setPermissionRule: (rule) => kit.permissions.set(rule),
    removePermissionRule: (target) => kit.permissions.remove(target),
  };
}
