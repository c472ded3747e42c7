import { describe, expect, it } from 'vitest';
import { rendererCsp, rendererMetaCsp } from './csp';

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d] as const));

describe('renderer CSP', () => {
  it('allows nothing by default and scripts only from the app itself', () => {
    const policy = directives(rendererCsp());
    expect(policy.get('default-src')).toBe("default-src 'none'");
    expect(policy.get('script-src')).toBe("script-src 'self'");
    expect(policy.get('object-src')).toBe("object-src 'none'");
    expect(policy.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    // Without a sandbox origin nothing may be framed (default-src 'none' covers frame-src).
    expect(policy.has('frame-src')).toBe(false);
  });

  it('frames exactly the MCP Apps sandbox origin it is given, and nothing else', () => {
    const policy = directives(rendererCsp([], ['http://127.0.0.1:40001']));
    expect(policy.get('frame-src')).toBe('frame-src http://127.0.0.1:40001');
  });

  it('repeats the header policy in the page, minus what a meta tag cannot carry, plus loopback WebSockets', () => {
    const header = directives(rendererCsp());
    const meta = directives(rendererMetaCsp());
    expect(meta.has('frame-ancestors')).toBe(false);
    expect(meta.get('connect-src')).toBe("connect-src 'self' ws://127.0.0.1:* ws://localhost:*");
    for (const [name, directive] of header) {
      if (name !== 'frame-ancestors' && name !== 'connect-src') expect(meta.get(name)).toBe(directive);
    }
    // Any loopback port or the desktop sandbox scheme may be framed; the header names the one origin.
    expect(meta.get('frame-src')).toBe('frame-src http://127.0.0.1:* http://localhost:* mcp-app-sandbox:');
    for (const name of meta.keys()) {
      if (name !== 'frame-src') expect(header.has(name)).toBe(true);
    }
  });
});
