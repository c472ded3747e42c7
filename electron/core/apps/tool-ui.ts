/**
 * Reads a tool's MCP Apps metadata (`_meta.ui`, SEP-1865): the `ui://` resource that shows
 * its app and its visibility. The deprecated flat key `_meta["ui/resourceUri"]` is read too;
 * the nested one wins. Anything malformed is left out rather than trusted.
 */
import type { ToolUi } from '../../../shared/domain';

const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';
const VISIBILITIES = new Set(['model', 'app']);

export function toolUiOf(meta: unknown): ToolUi | undefined {
  if (!isRecord(meta)) return undefined;
  const nested = isRecord(meta.ui) ? meta.ui : {};
  const uri = [nested.resourceUri, meta[LEGACY_RESOURCE_URI_KEY]].find((value) => typeof value === 'string' && value.startsWith('ui://'));
  const visibility = Array.isArray(nested.visibility)
    ? (nested.visibility.filter((value): value is 'model' | 'app' => typeof value === 'string' && VISIBILITIES.has(value)))
    : undefined;
  const ui: ToolUi = {
    ...(typeof uri === 'string' ? { resourceUri: uri } : {}),
    ...(visibility && visibility.length > 0 ? { visibility: [...new Set(visibility)] } : {}),
  };
  return ui.resourceUri || ui.visibility ? ui : undefined;
}

/** `{ ui }` to spread into a ToolInfo, or nothing. */
export function toolUiEntry(meta: unknown): { ui?: ToolUi } {
  const ui = toolUiOf(meta);
  return ui ? { ui } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
