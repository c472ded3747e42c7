import { describe, expect, it } from 'vitest';
import { foreignFieldsOf } from './foreign-fields';
import { isEnabled, ServerConfigSchema, type ServerConfig } from './server-config';

describe('server entries written by other tools', () => {
  it('takes OAuth scopes as a list or as one space-separated string', () => {
    const asString = ServerConfigSchema.safeParse({ type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientId: 'app', scopes: 'read:user  repo offline_access' } });
    expect(asString.success && asString.data.oauth?.scopes).toEqual(['read:user', 'repo', 'offline_access']);
    const asList = ServerConfigSchema.safeParse({ type: 'http', url: 'https://mcp.example.com/mcp', oauth: { scopes: ['repo'] } });
    expect(asList.success && asList.data.oauth?.scopes).toEqual(['repo']);
    expect(ServerConfigSchema.safeParse({ type: 'http', url: 'https://x.dev', oauth: { scopes: 3 } }).success).toBe(false);
  });
});

describe("other clients' fields", () => {
  it('"disabled": true switches a server off unless our "enabled" says otherwise', () => {
    const off = ServerConfigSchema.parse({ command: 'uvx', args: ['mcp-server-time'], disabled: true });
    expect(isEnabled(off)).toBe(false);
    expect(isEnabled(ServerConfigSchema.parse({ command: 'uvx', disabled: true, enabled: true }))).toBe(true);
    expect(isEnabled(ServerConfigSchema.parse({ command: 'uvx', disabled: false }))).toBe(true);
  });

  it('tells the fields the app acts on from those it only keeps', () => {
    const cline = { command: 'npx', disabled: false, autoApprove: ['read_file'], disabledTools: ['write_file'], envFile: '.env', headersHelper: 'x', timeout: 60 } as ServerConfig;
    expect(foreignFieldsOf(cline)).toEqual({ honoured: ['disabled', 'disabledTools', 'envFile'], ignored: ['autoApprove', 'headersHelper', 'timeout'] });
    // A headersHelper is run for remote entries only.
    expect(foreignFieldsOf({ type: 'http', url: 'https://x.dev/mcp', headersHelper: 'x', typeInferred: true } as ServerConfig)).toEqual({ honoured: ['headersHelper'], ignored: [] });
  });
});
