import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { decideBind, hostHeaderNames, isLoopbackHost, remoteWarning, urlHost } from './bind-address';
import { checkHostAndOrigin } from './request-guard';

describe('where browser mode may listen', () => {
  it('accepts loopback addresses without asking', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect(decideBind(host, false), host).toEqual({ ok: true, host, remote: false });
    }
    // localhost may resolve to ::1 only; it is pinned to the address we print and check.
    expect(decideBind('localhost', false)).toEqual({ ok: true, host: '127.0.0.1', remote: false });
  });

  it('refuses every other address unless --allow-remote is given, and says how to allow it', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', '203.0.113.7', 'fe80::1', 'my-laptop.lan', '128.0.0.1']) {
      const refused = decideBind(host, false);
      expect(refused.ok, host).toBe(false);
      if (!refused.ok) expect(refused.message).toContain('--allow-remote');
      expect(decideBind(host, true), host).toEqual({ ok: true, host, remote: true });
    }
    expect(decideBind('  ', true).ok).toBe(false);
  });

  it('knows loopback from look-alikes', () => {
    expect(isLoopbackHost('127.255.255.254')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    for (const host of ['127.0.0.1.evil.example', 'localhost.evil.example', '0.0.0.0', '::', '1.127.0.0']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('warns loudly, naming the address and the risk', () => {
    const warning = remoteWarning('0.0.0.0', 4700);
    expect(warning).toMatch(/^!+\nWARNING/);
    expect(warning).toContain('0.0.0.0:4700');
    expect(warning).toMatch(/start programs/);
  });

  it('lets Host name the bound address, every interface address for a wildcard bind, and never a DNS name', () => {
    const port = 4700;
    const allowed = (hostNames: string[], host: string) => checkHostAndOrigin({ host, origin: undefined }, { port, token: 't', hostNames }).ok;
    const specific = hostHeaderNames('192.0.2.10');
    expect(allowed(specific, `192.0.2.10:${port}`)).toBe(true);
    expect(allowed(specific, `127.0.0.1:${port}`)).toBe(true);
    expect(allowed(specific, `evil.example:${port}`)).toBe(false);
    expect(allowed(hostHeaderNames('2001:db8::5'), `[2001:db8::5]:${port}`)).toBe(true);

    const wildcard = hostHeaderNames('0.0.0.0');
    for (const info of Object.values(os.networkInterfaces()).flat()) {
      if (!info) continue;
      const name = info.family === 'IPv6' ? `[${info.address.toLowerCase()}]` : info.address;
      expect(allowed(wildcard, `${name}:${port}`), name).toBe(true);
    }
    expect(allowed(wildcard, `0.0.0.0:${port}`)).toBe(false);
    expect(allowed(wildcard, `${os.hostname()}.evil.example:${port}`)).toBe(false);
    // The Origin of the page is checked against the same names.
    expect(checkHostAndOrigin({ host: `192.0.2.10:${port}`, origin: `http://192.0.2.10:${port}` }, { port, token: 't', hostNames: specific }).ok).toBe(true);
    expect(checkHostAndOrigin({ host: `192.0.2.10:${port}`, origin: 'http://evil.example' }, { port, token: 't', hostNames: specific }).ok).toBe(false);
  });

  it('prints a URL a browser on this machine can open', () => {
    expect(urlHost('127.0.0.1')).toBe('127.0.0.1');
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1');
    expect(urlHost('::')).toBe('127.0.0.1');
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('192.0.2.10')).toBe('192.0.2.10');
  });
});
