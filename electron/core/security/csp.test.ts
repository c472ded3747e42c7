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
  });

  it('repeats the header policy in the page, minus what a meta tag cannot carry, plus loopback WebSockets', () => {
    const header = directives(rendererCsp());
    const meta = directives(rendererMetaCsp());
    expect(meta.has('frame-ancestors')).toBe(false);
    expect(meta.get('connect-src')).toBe("connect-src 'self' ws://127.0.0.1:* ws://localhost:*");
    for (const [name, directive] of header) {
      if (name !== 'frame-ancestors' && name !== 'connect-src') expect(meta.get(name)).toBe(directive);
    }
  });
});
