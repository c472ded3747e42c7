/**
 * Where other clients keep their MCP config on this machine. Every path is computed
 * from an injected home folder, platform and environment, so tests never read the real
 * home folder.
 */
import path from 'node:path';
import type { FileFormat, ImportClient } from '../../../shared/api/transfer';

export interface SourceLocator {
  home: string;
  platform: NodeJS.Platform;
  env: { APPDATA?: string | undefined; XDG_CONFIG_HOME?: string | undefined };
  projectDir?: string;
}

export interface KnownSource {
  id: string;
  client: ImportClient;
  label: string;
  path: string;
  format: FileFormat;
  project?: string;
}

/** The per-user configuration folder: ~/Library/Application Support, %APPDATA%, or $XDG_CONFIG_HOME. */
function userConfigDir(loc: SourceLocator): string {
  const p = loc.platform === 'win32' ? path.win32 : path.posix;
  if (loc.platform === 'darwin') return p.join(loc.home, 'Library', 'Application Support');
  if (loc.platform === 'win32') return loc.env.APPDATA ?? p.join(loc.home, 'AppData', 'Roaming');
  return loc.env.XDG_CONFIG_HOME || p.join(loc.home, '.config');
}

export function knownSources(loc: SourceLocator): KnownSource[] {
  const p = loc.platform === 'win32' ? path.win32 : path.posix;
  const config = userConfigDir(loc);
  const sources: KnownSource[] = [
    { id: 'claude-desktop', client: 'claude-desktop', label: 'Claude Desktop', path: p.join(config, 'Claude', 'claude_desktop_config.json'), format: 'mcp-servers' },
    { id: 'claude-code-user', client: 'claude-code', label: 'Claude Code — user scope (~/.claude.json)', path: p.join(loc.home, '.claude.json'), format: 'claude-code' },
    { id: 'cursor-global', client: 'cursor', label: 'Cursor — global (~/.cursor/mcp.json)', path: p.join(loc.home, '.cursor', 'mcp.json'), format: 'mcp-servers' },
    { id: 'vscode-user', client: 'vscode', label: 'VS Code — user profile (mcp.json)', path: p.join(config, 'Code', 'User', 'mcp.json'), format: 'vscode' },
  ];
  if (loc.projectDir) {
    const project = loc.projectDir;
    sources.push(
      { id: 'claude-code-project', client: 'claude-code', label: 'Claude Code — project scope (.mcp.json)', path: p.join(project, '.mcp.json'), format: 'mcp-servers' },
      { id: 'cursor-project', client: 'cursor', label: 'Cursor — project (.cursor/mcp.json)', path: p.join(project, '.cursor', 'mcp.json'), format: 'mcp-servers' },
      { id: 'vscode-project', client: 'vscode', label: 'VS Code — project (.vscode/mcp.json)', path: p.join(project, '.vscode', 'mcp.json'), format: 'vscode' },
    );
  }
  return sources;
}
