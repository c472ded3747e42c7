/**
 * Which local user owns the other end of a loopback connection. Linux lists every TCP
 * socket of the network namespace in /proc/net/tcp and /proc/net/tcp6 with the uid of the
 * process that opened it, readable by everyone; the row whose local end is our peer's
 * address and whose remote end is ours is the peer's socket.
 *
 * This is what tells the user's own browser from another local user's program that read a
 * launch link (or a pasted URL with the token) from a command line in /proc: both can send
 * the same bytes, only the kernel knows whose socket they came through.
 *
 * Elsewhere (macOS, Windows) there is no such table to read cheaply, and the answer is
 * "unknown". A peer that is not in the table is unknown too: on a loopback address every
 * local socket is listed, so that means the connection was forwarded from outside this
 * network namespace (WSL's mirrored networking, a remote address with --allow-remote).
 */
import { readFile } from 'node:fs/promises';
import { isIPv4 } from 'node:net';
import os from 'node:os';

export type PeerOwner = { known: true; uid: number } | { known: false; why: string };

export interface ConnectionEnds {
  remoteAddress?: string | undefined;
  remotePort?: number | undefined;
  localAddress?: string | undefined;
  localPort?: number | undefined;
}

export interface PeerLookup {
  /** Where the tables are (tests point it at a copy). */
  procNet?: string;
  platform?: NodeJS.Platform;
}

/** The uid of the process that owns the other end of this connection, when the system says. */
export async function peerOwner(ends: ConnectionEnds, lookup: PeerLookup = {}): Promise<PeerOwner> {
  if ((lookup.platform ?? process.platform) !== 'linux') return { known: false, why: 'only Linux lists the owner of each socket' };
  const { remoteAddress, remotePort, localAddress, localPort } = ends;
  if (!remoteAddress || !remotePort || !localAddress || !localPort) return { known: false, why: 'the connection is already closed' };
  const peer = tableForms(remoteAddress, remotePort);
  const ours = tableForms(localAddress, localPort);
  const procNet = lookup.procNet ?? '/proc/net';
  for (const table of ['tcp', 'tcp6'] as const) {
    let text: string;
    try {
      text = await readFile(`${procNet}/${table}`, 'utf8');
    } catch {
      continue;
    }
    const uid = findOwner(text, peer[table], ours[table]);
    if (uid !== undefined) return { known: true, uid };
  }
  return { known: false, why: 'the other end is not a socket of this machine’s network namespace' };
}

/** The uid on the row whose local end is `local` and whose remote end is `remote`. */
function findOwner(table: string, local: string | undefined, remote: string | undefined): number | undefined {
  if (!local || !remote) return undefined;
  for (const line of table.split('\n')) {
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
    const fields = line.trim().split(/\s+/);
    if (fields.length < 8 || fields[1]?.toUpperCase() !== local || fields[2]?.toUpperCase() !== remote) continue;
    const uid = Number(fields[7]);
    if (Number.isInteger(uid)) return uid;
  }
  return undefined;
}

/** How the tables write an address and port: each 32-bit word of the address in the machine's byte order, the port in hex. */
function tableForms(address: string, port: number): { tcp?: string; tcp6?: string } {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = isIPv4(address) ? address : mapped;
  if (v4) {
    const bytes = v4.split('.').map(Number);
    return {
      tcp: `${word(bytes)}:${portHex}`,
      tcp6: `${word([0, 0, 0, 0])}${word([0, 0, 0, 0])}${word([0, 0, 0xff, 0xff])}${word(bytes)}:${portHex}`,
    };
  }
  const bytes = ipv6Bytes(address);
  if (!bytes) return {};
  let hex = '';
  for (let i = 0; i < 16; i += 4) hex += word(bytes.slice(i, i + 4));
  return { tcp6: `${hex}:${portHex}` };
}

/** Four address bytes (network order) as the kernel prints the 32-bit word they make. */
function word(bytes: number[]): string {
  const ordered = os.endianness() === 'LE' ? [...bytes].reverse() : bytes;
  return ordered.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');
}

function ipv6Bytes(address: string): number[] | undefined {
  const plain = address.split('%')[0]!;
  const halves = plain.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part ? part.split(':') : []);
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  const bytes: number[] = [];
  for (const group of all) {
    const value = Number.parseInt(group, 16);
    if (!/^[0-9a-f]{1,4}$/i.test(group) || Number.isNaN(value)) return undefined;
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

export type PeerVerdict = { ok: true; owner: PeerOwner } | { ok: false; reason: string };

/**
 * Whether a connection may act as the user: its owner is the user this process runs as, or
 * root (who can read the token out of this process anyway; WSL's port forwarding runs as
 * root). Unknown owners pass: see the file comment for when that happens.
 */
export async function checkPeerUser(ends: ConnectionEnds, lookup: PeerLookup & { ownUid?: number } = {}): Promise<PeerVerdict> {
  const ownUid = lookup.ownUid ?? process.getuid?.();
  const owner = await peerOwner(ends, lookup);
  if (!owner.known || ownUid === undefined || owner.uid === ownUid || owner.uid === 0) return { ok: true, owner };
  return {
    ok: false,
    reason: `This connection comes from a program of another user (uid ${owner.uid}); only programs of the user running MCP Workbench (uid ${ownUid}) may use it. Open the URL MCP Workbench printed in a browser you run yourself.`,
  };
}
