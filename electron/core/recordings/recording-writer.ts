/**
 * Writes a recording as it happens. Each line goes to the file with a synchronous
 * write the moment it is known, so a proxy that is killed leaves every line it saw. Only
 * the handshake waits: the header names the server and the protocol version from the
 * initialize answer, so the lines before it are held until that answer (or any other
 * message) arrives, which is the first few milliseconds of a session.
 */
import fs from 'node:fs';
import type { RecordingDirection, RecordingHeader, RecordingLine } from '../../../shared/api/recordings';
import { headerLine, messageLine } from './format';
import type { RecordingMasker } from './mask';

const HANDSHAKE_METHODS = new Set(['initialize', 'server/discover']);
const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
type ServerInfoLike = { name?: unknown; version?: unknown };
/** Lines held at most while waiting for the handshake's answer. */
const MAX_HELD_LINES = 100;

export class RecordingFileError extends Error {
  override name = 'RecordingFileError';
}

/**
 * Opens the file a recording goes to, mode 0600. It is made new (O_EXCL): an existing
 * file is kept unless `replace` says so, and a symbolic link is never followed
 * (O_NOFOLLOW), so a link planted where the recording goes cannot make it truncate
 * another file. Replacing accepts a regular file only (a FIFO would block the open).
 */
export function openRecordingFile(file: string, replace: boolean): number {
  const { O_WRONLY, O_CREAT, O_EXCL, O_TRUNC, O_NOFOLLOW = 0 } = fs.constants;
  let existing: fs.Stats | undefined;
  try {
    existing = fs.lstatSync(file);
  } catch {
    // Nothing there: made new below (and O_EXCL refuses whatever appears meanwhile).
  }
  if (existing?.isSymbolicLink()) throw new RecordingFileError(`${file} is a symbolic link; a recording never writes through one. Give another file with -o.`);
  if (existing && replace && !existing.isFile()) throw new RecordingFileError(`${file} is not a regular file; give another file with -o.`);
  try {
    const fd = fs.openSync(file, O_WRONLY | O_CREAT | O_NOFOLLOW | (replace ? O_TRUNC : O_EXCL), 0o600);
    // A replaced file keeps its mode otherwise.
    if (replace && process.platform !== 'win32') fs.fchmodSync(fd, 0o600);
    return fd;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new RecordingFileError(`${file} already exists; give another file with -o, or add --force to replace it.`);
    if (code === 'ELOOP') throw new RecordingFileError(`${file} is a symbolic link; a recording never writes through one. Give another file with -o.`);
    throw new RecordingFileError(`Cannot write the recording to ${file}: ${(error as Error).message}`);
  }
}

export class RecordingWriter {
  private readonly fd: number;
  private readonly started = performance.now();
  private pending: RecordingLine[] | undefined = [];
  private handshakeId: string | undefined;
  private closed = false;

  /** `fd`: the file opened by openRecordingFile, which the writer closes. */
  constructor(
    fd: number,
    private readonly header: RecordingHeader,
    private readonly masker: RecordingMasker,
  ) {
    this.fd = fd;
  }

  /** A message that passed (already parsed), or a line that was not one. */
  record(direction: RecordingDirection, entry: { message: Record<string, unknown> } | { text: string }): void {
    if (this.closed) return;
    const ms = Math.round(performance.now() - this.started);
    const line: RecordingLine = 'message' in entry ? { direction, ms, message: this.masker.message(entry.message) } : { direction, ms, text: this.masker.text(entry.text) };
    if (this.pending) {
      this.pending.push(line);
      if (!this.holdsHandshake(direction, entry)) this.writeHeader();
      return;
    }
    fs.writeSync(this.fd, messageLine(line));
  }

  /** Writes what is held (the header at the latest) and closes the file. */
  close(): void {
    if (this.closed) return;
    if (this.pending) this.writeHeader();
    this.closed = true;
    fs.closeSync(this.fd);
  }

  /**
   * Whether to keep holding lines: until the server answers the handshake request (the
   * answer fills in the header) or sends another message first. A session whose first
   * message is not a handshake request has none to wait for.
   */
  private holdsHandshake(direction: RecordingDirection, entry: { message: Record<string, unknown> } | { text: string }): boolean {
    if (this.pending!.length > MAX_HELD_LINES) return false;
    const message = 'message' in entry ? entry.message : undefined;
    // Lines that are not messages (a server's start-up banner) wait with the handshake.
    if (!message) return true;
    if (this.handshakeId === undefined) {
      if (direction !== 'to-server' || typeof message.method !== 'string' || !HANDSHAKE_METHODS.has(message.method) || !('id' in message)) return false;
      this.handshakeId = JSON.stringify(message.id);
      // On 2026-07-28 the version a request speaks is in its _meta (server/discover has no agreed one of its own).
      const asked = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta?.[META_PROTOCOL_VERSION];
      if (typeof asked === 'string') this.header.protocolVersion = asked;
      return true;
    }
    // So do the client's messages sent before the answer.
    if (direction === 'to-server') return true;
    if (JSON.stringify(message.id) === this.handshakeId) {
      const result = message.result as { serverInfo?: ServerInfoLike; protocolVersion?: unknown; _meta?: Record<string, unknown> } | undefined;
      // initialize's serverInfo, or server/discover's in its _meta.
      const info = result?.serverInfo ?? (result?._meta?.[META_SERVER_INFO] as ServerInfoLike | undefined);
      if (info && typeof info.name === 'string') this.header.server = { name: info.name, ...(typeof info.version === 'string' ? { version: info.version } : {}) };
      if (typeof result?.protocolVersion === 'string') this.header.protocolVersion = result.protocolVersion;
    }
    return false;
  }

  private writeHeader(): void {
    const lines = this.pending ?? [];
    this.pending = undefined;
    fs.writeSync(this.fd, headerLine(this.header) + lines.map(messageLine).join(''));
  }
}
