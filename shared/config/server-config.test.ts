import { describe, expect, it } from 'vitest';
import { ServerConfigSchema } from './server-config';

describe('server entries written by other tools', () => {
  it('takes OAuth scopes as a list or as one space-separated string', () => {
    const asString = ServerConfigSchema.safeParse({ type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientId: 'app', scopes: 'read:user  repo offline_access' } });
    expect(asString.success && asString.data.oauth?.scopes).toEqual(['read:user', 'repo', 'offline_access']);
    const asList = ServerConfigSchema.safeParse({ type: 'http', url: 'https://mcp.example.com/mcp', oauth: { scopes: ['repo'] } });
    expect(asList.success && asList.data.oauth?.scopes).toEqual(['repo']);
    expect(ServerConfigSchema.safeParse({ type: 'http', url: 'https://x.dev', oauth: { scopes: 3 } }).success).toBe(false);
  });
});
