/**
 * A tool call an app asks for (tools/call over the bridge) meets the same rules as the
 * user's own: the tool must be one of its own server's, its visibility must include
 * "app", and the permission rules decide (deny refuses; ask asks the user; allow runs).
 * The core checks the permission again when the call arrives.
 */
import { callableByApp } from '../../../../shared/app-visibility';
import { mcpToolName } from '../../../../shared/domain';
import { decidePermission, type PermissionDecision } from '../../../../shared/permissions';
import type { WorkbenchStore } from '../../state/store';

export interface AppToolRequest {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Why it asks (set when the decision is "ask"). */
  reason?: string;
}

export async function decideAppToolCall(store: WorkbenchStore | null, request: AppToolRequest): Promise<{ decision: PermissionDecision; reason: string }> {
  if (!store) return { decision: 'deny', reason: 'the workbench is not ready' };
  const state = store.getState();
  const info = state.toolsByServer[request.server]?.tools.find((tool) => tool.name === request.tool);
  if (!info) return { decision: 'deny', reason: `${request.server} has no tool named "${request.tool}"` };
  if (!callableByApp(info)) return { decision: 'deny', reason: `${request.tool} is not visible to apps (its visibility is ${JSON.stringify(info.ui?.visibility)})` };
  if (!state.permissionsLoaded) await state.loadPermissions();
  const verdict = decidePermission(store.getState().permissionRules, request.server, mcpToolName(request.server, request.tool), info.annotations);
  return { decision: verdict.decision, reason: verdict.reason };
}
