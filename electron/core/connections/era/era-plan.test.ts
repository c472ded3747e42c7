import { describe, expect, it } from 'vitest';
import { eraModeOf, planEra } from './era-plan';

const discover = { supportedVersions: ['2026-07-28'], capabilities: {} } as never;
const ctx = { probeTimeoutMs: 3000, connectTimeoutMs: 30_000 };

describe('the Protocol setting', () => {
  it('reads auto (also when absent), legacy, a 2026 revision as a pin, an earlier date as a pinned initialize', () => {
    expect(eraModeOf(undefined)).toEqual({ kind: 'auto' });
    expect(eraModeOf('auto')).toEqual({ kind: 'auto' });
    expect(eraModeOf('legacy')).toEqual({ kind: 'legacy' });
    expect(eraModeOf('modern')).toEqual({ kind: 'modern', version: '2026-07-28' });
    expect(eraModeOf('2026-07-28')).toEqual({ kind: 'modern', version: '2026-07-28' });
    expect(eraModeOf('2025-06-18')).toEqual({ kind: 'legacy', version: '2025-06-18' });
  });

  it('plans the SDK options: auto probes (stdio with the short wait, HTTP with the connect timeout) unless a verdict is remembered', () => {
    expect(planEra({ kind: 'auto' }, { ...ctx, transport: 'stdio' })).toEqual({
      clientOptions: { versionNegotiation: { mode: 'auto', probe: { timeoutMs: 3000, maxRetries: 0 } } },
      source: 'detected',
      probing: true,
    });
    expect(planEra({ kind: 'auto' }, { ...ctx, transport: 'http' }).clientOptions.versionNegotiation?.probe?.timeoutMs).toBe(30_000);
    expect(planEra({ kind: 'auto' }, { ...ctx, transport: 'stdio', verdict: { era: 'legacy', at: 1 } })).toMatchObject({ prior: { kind: 'legacy' }, source: 'remembered', probing: false });
    expect(planEra({ kind: 'auto' }, { ...ctx, transport: 'http', verdict: { era: 'modern', version: '2026-07-28', discover, at: 1 } })).toMatchObject({
      prior: { kind: 'modern', discover },
      source: 'remembered',
    });
    // SSE, WebSocket and the IDE transports have only the 2025 protocol.
    for (const transport of ['sse', 'ws', 'sse-ide', 'ws-ide'] as const) expect(planEra({ kind: 'auto' }, { ...ctx, transport })).toEqual({ clientOptions: {}, source: 'configured', probing: false });
  });

  it('plans pins: the 2025 handshake as is or with one version; a 2026 revision or nothing', () => {
    expect(planEra({ kind: 'legacy' }, { ...ctx, transport: 'stdio' })).toEqual({ clientOptions: {}, source: 'configured', probing: false });
    expect(planEra({ kind: 'legacy', version: '2025-03-26' }, { ...ctx, transport: 'http' }).clientOptions).toEqual({ supportedProtocolVersions: ['2025-03-26'] });
    expect(planEra({ kind: 'modern', version: '2026-07-28' }, { ...ctx, transport: 'stdio' }).clientOptions).toEqual({
      versionNegotiation: { mode: { pin: '2026-07-28' }, probe: { timeoutMs: 3000, maxRetries: 0 } },
    });
  });
});
