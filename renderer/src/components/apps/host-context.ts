/** The host context an app is told about (theme, locale, display mode, size), and how the controls change it. */
import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ToolInfo } from '../../../../shared/domain';
import { pageTheme } from '../../theme/page-theme';

export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

export interface HostSettings {
  theme: 'light' | 'dark';
  locale: string;
  displayMode: McpUiDisplayMode;
  /** The app's container, px. */
  width: number;
  height: number;
}

export function initialSettings(): HostSettings {
  return { theme: pageTheme(), locale: navigator.language || 'en-US', displayMode: 'inline', width: 560, height: 360 };
}

export function hostContextOf(settings: HostSettings, tool: ToolInfo): McpUiHostContext {
  return {
    theme: settings.theme,
    locale: settings.locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    displayMode: settings.displayMode,
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions: { width: settings.width, height: settings.height },
    platform: 'desktop',
    userAgent: 'MCP Workbench',
    deviceCapabilities: { hover: true, touch: false },
    toolInfo: { tool: { name: tool.name, inputSchema: tool.inputSchema as { type: 'object' }, ...(tool.title ? { title: tool.title } : {}), ...(tool.description ? { description: tool.description } : {}) } },
  };
}
