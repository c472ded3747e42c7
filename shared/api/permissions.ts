/** Permission rules for tool calls (see shared/permissions.ts), stored in the app data folder. */
import { z } from 'zod';
import { PermissionPatternSchema, PermissionRuleSchema, type PermissionRule } from '../permissions';
import type { ChannelTable } from './channel-table';

export interface PermissionsView {
  rules: PermissionRule[];
  /** Where they are stored. */
  file: string;
  /** The file could not be read; rules are not saved until it is fixed. */
  problem?: string;
}

export interface PermissionsApi {
  getPermissions(): Promise<PermissionsView>;
  /** Adds the rule, or changes the decision of the rule with the same pattern. */
  setPermissionRule(request: PermissionRule): Promise<PermissionsView>;
  removePermissionRule(request: { pattern: string }): Promise<PermissionsView>;
}

export const permissionsChannels: ChannelTable<PermissionsApi> = {
  getPermissions: { channel: 'permissions:get', request: z.undefined() },
  setPermissionRule: { channel: 'permissions:set', request: PermissionRuleSchema },
  removePermissionRule: { channel: 'permissions:remove', request: z.strictObject({ pattern: PermissionPatternSchema }) },
};
