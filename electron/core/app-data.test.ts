import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppDataDir } from './app-data';

describe('resolveAppDataDir', () => {
  it('honours MCP_WORKBENCH_HOME in every mode', () => {
    expect(resolveAppDataDir({ MCP_WORKBENCH_HOME: '/tmp/wb' }, 'linux', '/home/u')).toBe(path.resolve('/tmp/wb'));
  });
  it('uses the platform convention otherwise', () => {
    expect(resolveAppDataDir({}, 'linux', '/home/u')).toBe('/home/u/.config/mcp-workbench');
    expect(resolveAppDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/mcp-workbench');
    expect(resolveAppDataDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/mcp-workbench');
  });
});
