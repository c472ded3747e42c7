/** Who may see and call a tool under MCP Apps visibility (`_meta.ui.visibility`; absent: both). */
import type { ToolInfo } from './domain';

/** Shown in the tool list (and to a model): visibility absent or naming "model". */
export function visibleToModel(tool: Pick<ToolInfo, 'ui'>): boolean {
  return !tool.ui?.visibility || tool.ui.visibility.includes('model');
}

/** Callable by the server's own apps: visibility absent or naming "app". */
export function callableByApp(tool: Pick<ToolInfo, 'ui'>): boolean {
  return !tool.ui?.visibility || tool.ui.visibility.includes('app');
}
