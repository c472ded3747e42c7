/**
 * The owner of a loopback connection's other end, read from Linux's socket tables: for a
 * real connection from this process, and from a real process of another user (run as
 * `nobody`, which needs root to start).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPeerUser, peerOwner } from './peer-user';

const onLinux = process.platform === 'linux';
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A listener on `host` that hands over each accepted socket. */
async function listen(host: string): Promise<{ port: number; accepted: Promise<net.Socket> }> {
  let accept!: (socket: net.Socket) => void;
  const accepted = new Promise<net.Socket>((resolve) => (accept = resolve));
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    accept(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as net.AddressInfo).port, accepted };
}

describe.skipIf(!onLinux)('peer owner (Linux socket tables)', () => {
  it.each(['127.0.0.1', '::1'])('a connection from this process on %s is owned by our uid', async (host) => {
    const { port, accepted } = await listen(host);
    const client = net.connect(port, host);
    client.on('error', () => undefined);
    const socket = await accepted;
    try {
      expect(await peerOwner(socket)).toEqual({ known: true, uid: process.getuid!() });
      expect((await checkPeerUser(socket)).ok).toBe(true);
      // Root's programs are let in whoever runs the host: root can read the token out of it anyway.
      if (asRoot) expect((await checkPeerUser(socket, { ownUid: 1000 })).ok).toBe(true);
    } finally {
      client.destroy();
    }
  });

  it('a port nobody connects from is not found (not mistaken for our own)', async () => {
    const { port, accepted } = await listen('127.0.0.1');
    const client = net.connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    const socket = await accepted;
    try {
      const owner = await peerOwner({ remoteAddress: '127.0.0.1', remotePort: 1, localAddress: socket.localAddress, localPort: socket.localPort });
      expect(owner.known).toBe(false);
    } finally {
      client.destroy();
    }
  });

  it.skipIf(!asRoot)('a connection from another user\'s process is that user\'s, and refused', async () => {
    const { port, accepted } = await listen('127.0.0.1');
    // A real process running as nobody holds the connection open until we let it go.
    const other = spawn(process.execPath, ['-e', `const s=require('net').connect(${port},'127.0.0.1');s.on('error',()=>{});process.stdin.on('data',()=>process.exit(0))`], {
      uid: NOBODY,
      gid: NOBODY,
      cwd: '/',
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    try {
      const socket = await accepted;
      expect(await peerOwner(socket)).toEqual({ known: true, uid: NOBODY });
      const verdict = await checkPeerUser(socket);
      expect(verdict.ok).toBe(false);
      expect(verdict.ok ? '' : verdict.reason).toMatch(/another user \(uid 65534\)/);
    } finally {
      other.stdin!.end('bye');
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });
});

if (!onLinux) console.log('peer-user.test.ts: skipped; only Linux lists the owner of each socket.');
else if (!asRoot) console.log('peer-user.test.ts: the other-user case is skipped; starting a process as another user needs root.');

describe('peer owner elsewhere', () => {
  it('is unknown, and lets the connection through (what is checked there is said in docs/security.md)', async () => {
    const ends = { remoteAddress: '127.0.0.1', remotePort: 5000, localAddress: '127.0.0.1', localPort: 6000 };
    expect(await peerOwner(ends, { platform: 'darwin' })).toEqual({ known: false, why: 'only Linux lists the owner of each socket' });
    expect((await checkPeerUser(ends, { platform: 'win32' })).ok).toBe(true);
  });
});
