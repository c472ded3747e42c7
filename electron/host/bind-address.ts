/**
 * Where browser mode may listen. Loopback by default; any other address exposes a
 * server that can start programs to the network, so it is refused unless the user
 * asks for it explicitly (`--allow-remote`), and then it comes with a loud warning.
 */
import net from 'node:net';
import os from 'node:os';

export const DEFAULT_BIND_HOST = '127.0.0.1';
/** The names a loopback-only server answers to in Host. */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost'];

export type BindDecision = { ok: true; host: string; remote: boolean } | { ok: false; message: string };

export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost') return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  if (net.isIPv6(name)) return name === '::1' || /^::ffff:127\./.test(name);
  return false;
}

function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

export function decideBind(host: string, allowRemote: boolean): BindDecision {
  const trimmed = host.trim();
  if (!trimmed) return { ok: false, message: '--host needs an address, e.g. 127.0.0.1' };
  // localhost may resolve to ::1 only; the address we print and check is 127.0.0.1.
  if (trimmed.toLowerCase() === 'localhost') return { ok: true, host: DEFAULT_BIND_HOST, remote: false };
  if (isLoopbackHost(trimmed)) return { ok: true, host: trimmed, remote: false };
  if (!allowRemote) {
    return {
      ok: false,
      message:
        `Refusing to listen on ${trimmed}: it is not a loopback address, so other machines could reach a server ` +
        'that starts programs. Add --allow-remote if you really mean it.',
    };
  }
  return { ok: true, host: trimmed, remote: true };
}

export function remoteWarning(host: string, port: number): string {
  const line = '!'.repeat(78);
  return [
    line,
    `WARNING: browser mode is listening on ${host}:${port}, which is NOT loopback only.`,
    'Anyone who can reach this address and port and learns the token can start programs',
    'on this machine as you. The connection is plain HTTP: the token can be read by anyone',
    'on the network path. Use this only on a network you trust, and stop it when done.',
    line,
  ].join('\n');
}

/**
 * The names a request may carry in its Host header (without the port): the loopback
 * names, plus the bound address, or every local interface address for a wildcard bind.
 * Never a DNS name other than localhost and one the user bound to by name, which keeps
 * DNS rebinding out.
 */
export function hostHeaderNames(bindHost: string): string[] {
  const names = new Set(LOOPBACK_NAMES);
  const add = (address: string) => names.add(net.isIPv6(address) ? `[${address.toLowerCase()}]` : address.toLowerCase());
  if (isWildcardHost(bindHost)) {
    for (const info of Object.values(os.networkInterfaces()).flat()) if (info) add(info.address);
  } else {
    add(bindHost);
  }
  return [...names];
}

/** The host part of the URL to print: the bound address, or loopback for a wildcard bind. */
export function urlHost(bindHost: string): string {
  if (isWildcardHost(bindHost)) return DEFAULT_BIND_HOST;
  return net.isIPv6(bindHost) ? `[${bindHost}]` : bindHost;
}
