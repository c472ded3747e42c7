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
  env: { APPDATA?: string | undefined; XDG_CONFIG_HOME?: string | undefined; CLAUDE_CONFIG_DIR?: string | undefined; CODEX_HOME?: string | undefined };
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
  // Claude Code keeps .claude.json in CLAUDE_CONFIG_DIR when that is set.
  const claudeDir = loc.env.CLAUDE_CONFIG_DIR || loc.home;
  const claudeLabel = loc.env.CLAUDE_CONFIG_DIR ? '$CLAUDE_CONFIG_DIR/.claude.json' : '~/.claude.json';
  // Zed reads ~/.config/zed on macOS and Linux (or $XDG_CONFIG_HOME/zed), %APPDATA%\Zed on Windows.
  const zedDir = loc.platform === 'win32' ? p.join(config, 'Zed') : p.join(loc.env.XDG_CONFIG_HOME || p.join(loc.home, '.config'), 'zed');
  const sources: KnownSource[] = [
    { id: 'claude-desktop', client: 'claude-desktop', label: 'Claude Desktop', path: p.join(config, 'Claude', 'claude_desktop_config.json'), format: 'mcp-servers' },
    { id: 'claude-code-user', client: 'claude-code', label: `Claude Code — user scope (${claudeLabel})`, path: p.join(claudeDir, '.claude.json'), format: 'claude-code' },
    { id: 'cursor-global', client: 'cursor', label: 'Cursor — global (~/.cursor/mcp.json)', path: p.join(loc.home, '.cursor', 'mcp.json'), format: 'mcp-servers' },
    { id: 'vscode-user', client: 'vscode', label: 'VS Code — user profile (mcp.json)', path: p.join(config, 'Code', 'User', 'mcp.json'), format: 'vscode' },
    { id: 'vscode-insiders-user', client: 'vscode', label: 'VS Code Insiders — user profile (mcp.json)', path: p.join(config, 'Code - Insiders', 'User', 'mcp.json'), format: 'vscode' },
    { id: 'windsurf', client: 'windsurf', label: 'Windsurf (~/.codeium/windsurf/mcp_config.json)', path: p.join(loc.home, '.codeium', 'windsurf', 'mcp_config.json'), format: 'mcp-servers' },
    {
      id: 'cline',
      client: 'cline',
      label: 'Cline (VS Code extension)',
      path: p.join(config, 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
      format: 'cline',
    },
    { id: 'zed', client: 'zed', label: 'Zed (settings.json)', path: p.join(zedDir, 'settings.json'), format: 'zed' },
    { id: 'gemini', client: 'gemini', label: 'Gemini CLI (~/.gemini/settings.json)', path: p.join(loc.home, '.gemini', 'settings.json'), format: 'gemini' },
    { id: 'codex', client: 'codex', label: 'Codex (~/.codex/config.toml)', path: p.join(loc.env.CODEX_HOME || p.join(loc.home, '.codex'), 'config.toml'), format: 'codex' },
    { id: 'continue', client: 'continue', label: 'Continue (~/.continue/config.yaml)', path: p.join(loc.home, '.continue', 'config.yaml'), format: 'continue' },
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
