/**
 * The checks every tool call passes before it is sent, whoever sends it (the app's Run
 * button, the CLI, a collection, a replayed recording): a tool switched off in the entry's
 * `disabledTools`, or denied by a permission rule, is refused with the same words.
 */
import type { ServerConfig } from '../../../shared/config/server-config';
import { mcpToolName, type ToolAnnotations } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { PermissionVerdict } from '../../../shared/permissions';
import { disabledToolsOf } from '../config/disabled-tools';

export type DecidePermission = (server: string, fullName: string, annotations?: ToolAnnotations) => PermissionVerdict;

/** Switched off in the entry: refused before anything else is looked at. */
export function disabledToolRefusal(server: string, tool: string, config: ServerConfig | undefined): AppError | undefined {
  if (!disabledToolsOf(config).has(tool)) return undefined;
  return new AppError('conflict', `${mcpToolName(server, tool)} is switched off: the server's config lists it in "disabledTools". Remove it from there to call it.`);
}

/** Denied by a permission rule. */
export function deniedToolRefusal(verdict: PermissionVerdict, server: string, tool: string): AppError | undefined {
  if (verdict.decision !== 'deny') return undefined;
  return new AppError('conflict', `${mcpToolName(server, tool)} is not allowed: ${verdict.reason}. Change the rule under Permissions.`);
}

/** Both checks, for a caller that knows the tool by name only (deny rules never depend on annotations). */
export function callRefusal(server: string, tool: string, config: ServerConfig | undefined, decide: DecidePermission): AppError | undefined {
  return disabledToolRefusal(server, tool, config) ?? deniedToolRefusal(decide(server, mcpToolName(server, tool)), server, tool);
}
