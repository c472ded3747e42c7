import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config/server-config';
import { connectInBatches } from './startup';

describe('connectInBatches', () => {
  it('runs at most N stdio and M remote connects at once, side by side, and skips disabled servers', async () => {
    const servers: Array<[string, ServerConfig]> = [
      ...Array.from({ length: 7 }, (_, i): [string, ServerConfig] => [`local${i}`, { command: 'x' }]),
      ...Array.from({ length: 30 }, (_, i): [string, ServerConfig] => [`remote${i}`, { type: 'http', url: 'http://127.0.0.1:1/mcp' }]),
      ['off', { command: 'x', enabled: false }],
    ];
    const running = { local: 0, remote: 0 };
    const peak = { local: 0, remote: 0, both: 0 };
    const started: string[] = [];
    await connectInBatches(servers, { stdio: 3, remote: 20 }, async (name) => {
      const kind = name.startsWith('local') ? 'local' : 'remote';
      started.push(name);
      running[kind]++;
      peak[kind] = Math.max(peak[kind], running[kind]);
      peak.both = Math.max(peak.both, running.local + running.remote);
      // Held for one turn of the event loop: the batches start their tasks at once, so the
      // peak is reached before any task ends; no time has to pass.
      await new Promise((resolve) => setImmediate(resolve));
      running[kind]--;
    });
    expect(peak).toEqual({ local: 3, remote: 20, both: 23 });
    expect(started).toHaveLength(37);
    expect(started).not.toContain('off');
  });
});
