import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/domain';
import { filterServers, summarize } from './summary';

const view = (name: string, status: ServerView['status'], config: ServerView['config'] = { command: 'node' }): ServerView => ({ name, status, config }) as ServerView;

describe('server list summary and filter', () => {
  it('counts servers by state in a fixed order', () => {
    const servers = [view('a', 'failed'), view('b', 'connected'), view('c', 'connected'), view('d', 'disabled')];
    expect(summarize(servers)).toBe('2 connected, 1 failed, 1 disabled');
    expect(summarize([])).toBe('');
  });

  it('filters on name, transport and command with every word', () => {
    const servers = [view('files', 'connected'), view('remote', 'connected', { type: 'http', url: 'http://127.0.0.1:9/mcp' }), view('other', 'failed')];
    expect(filterServers(servers, 'http').map((s) => s.name)).toEqual(['remote']);
    expect(filterServers(servers, 'stdio fil').map((s) => s.name)).toEqual(['files']);
    expect(filterServers(servers, 'failed').map((s) => s.name)).toEqual(['other']);
    expect(filterServers(servers, '  ')).toHaveLength(3);
  });
});
