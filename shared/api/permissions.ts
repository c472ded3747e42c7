/** Permission rules for tool calls (see shared/permissions.ts), stored in the app data folder. */
import { z } from 'zod';
import { PermissionRuleInputSchema, RuleTargetInputSchema, type PermissionRuleInput, type PermissionRuleView, type RuleTargetInput } from '../permissions';
import type { ChannelTable } from './channel-table';

export interface PermissionsView {
  rules: PermissionRuleView[];
  /** Where they are stored. */
  file: string;
  /** The file could not be read; rules are not saved until it is fixed. */
  problem?: string;
}

export interface PermissionsApi {
  getPermissions(): Promise<PermissionsView>;
  /** Adds the rule, or changes the decision of the rule for the same server and tool. */
  setPermissionRule(request: PermissionRuleInput): Promise<PermissionsView>;
  removePermissionRule(request: RuleTargetInput): Promise<PermissionsView>;
}

export const permissionsChannels: ChannelTable<PermissionsApi> = {
  getPermissions: { channel: 'permissions:get', request: z.undefined() },
  setPermissionRule: { channel: 'permissions:set', request: PermissionRuleInputSchema },
  removePermissionRule: { channel: 'permissions:remove', request: RuleTargetInputSchema },
};
