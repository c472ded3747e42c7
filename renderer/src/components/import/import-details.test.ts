import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../../shared/config/server-config';
import { importDetails } from './import-details';

describe('import preview details', () => {
  it('shows env, headers, cwd and foreign fields, masking credential-named foreign values', () => {
    // An entry as the preview hands it over: the secret env value already masked.
    const config = {
      command: 'uvx',
      args: ['mcp-server-git'],
      env: { GIT_TOKEN: '••••••', LOG_LEVEL: 'debug' },
      cwd: '/home/ana/repo',
      disabled: true,
      autoApprove: ['git_status'],
      apiKey: 'sk-foreign-123',
    } as ServerConfig;
    expect(importDetails(config)).toEqual([
      { label: 'Environment', value: 'GIT_TOKEN=••••••' },
      { label: 'Environment', value: 'LOG_LEVEL=debug' },
      { label: 'Working folder', value: '/home/ana/repo' },
      { label: 'disabled (used: true switches the server off, as "enabled": false does)', value: 'true' },
      { label: 'autoApprove (kept, not used)', value: '["git_status"]' },
      { label: 'apiKey (kept, not used)', value: '••••••' },
    ]);
    expect(importDetails({ type: 'http', url: 'https://x.dev/mcp', headers: { 'X-Team': 'core' }, headersHelper: '/bin/get-headers' } as ServerConfig)).toEqual([
      { label: 'Header', value: 'X-Team: core' },
      { label: 'headersHelper (used: a command run before each connect, once you allow it; its JSON output adds headers)', value: '/bin/get-headers' },
    ]);
  });
});
