/**
 * The record of each live session (`mcp-workbench session start`), one 0600 file per
 * session in a 0700 folder of the data folder: where its control socket is, the token a
 * client must show on every request, the servers it keeps connected and the options they
 * were connected with. No secret of the user's is ever written here: the token is the
 * session's own, made at random for it, and dies with it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { isRunning } from '../../core/lifecycle/process-tree';

const LIVE_SESSIONS_DIR = 'cli-sessions';

/**
 * A Unix socket's path must fit in sun_path (108 bytes on Linux, 104 on macOS, counting the
 * final NUL); a longer data folder gets a private folder in the temporary directory instead.
 */
const MAX_SOCKET_PATH = 100;

const LiveSessionRecordSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{12}$/),
  pid: z.number().int().positive(),
  socket: z.string().min(1),
  token: z.string().min(32),
  servers: z.array(z.string().min(1)).min(1),
  /** The project folder whose scopes the servers come from (absolute), or null for none. */
  project: z.string().nullable(),
  /** --protocol as given to `session start`, if any. */
  protocol: z.string().optional(),
  idleMs: z.number().int().positive(),
  startedAt: z.string(),
});
export type LiveSessionRecord = z.infer<typeof LiveSessionRecordSchema>;

const liveSessionsDir = (dataDir: string) => path.join(dataDir, LIVE_SESSIONS_DIR);
const recordPath = (dataDir: string, id: string) => path.join(liveSessionsDir(dataDir), `${id}.json`);

/** A new session's id and token (the token: 32 random bytes). */
export function newSessionSecrets(): { id: string; token: string } {
  return { id: randomBytes(6).toString('hex'), token: randomBytes(32).toString('base64url') };
}

/**
 * Where the session's control channel listens: a named pipe on Windows (only the same
 * user's processes hold its token), else a Unix socket in the 0700 sessions folder, or in
 * a 0700 folder of its own under the temporary directory when that path would be too long.
 */
export async function controlSocketPath(dataDir: string, id: string): Promise<string> {
  if (process.platform === 'win32') return `\\\\.\\pipe\\mcp-workbench-session-${id}-${randomBytes(8).toString('hex')}`;
  await fs.mkdir(liveSessionsDir(dataDir), { recursive: true, mode: 0o700 });
  const inData = path.join(liveSessionsDir(dataDir), `${id}.sock`);
  if (Buffer.byteLength(inData) <= MAX_SOCKET_PATH) return inData;
  // mkdtemp makes the folder 0700.
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'mcpwb-session-')), 's.sock');
}

export async function writeRecord(dataDir: string, record: LiveSessionRecord): Promise<void> {
  await fs.mkdir(liveSessionsDir(dataDir), { recursive: true, mode: 0o700 });
  await writeFileAtomic(recordPath(dataDir, record.id), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

/** Removes a session's record and its socket (and the private folder a long path needed). */
export async function removeRecord(dataDir: string, record: Pick<LiveSessionRecord, 'id' | 'socket'>): Promise<void> {
  await fs.rm(recordPath(dataDir, record.id), { force: true });
  if (process.platform === 'win32') return;
  await fs.rm(record.socket, { force: true });
  const folder = path.dirname(record.socket);
  if (path.basename(folder).startsWith('mcpwb-session-') && folder.startsWith(os.tmpdir())) await fs.rm(folder, { recursive: true, force: true });
}

/** Every readable record; a file that is not one is left alone (and skipped). */
export async function readRecords(dataDir: string): Promise<LiveSessionRecord[]> {
  const dir = liveSessionsDir(dataDir);
  if (!existsSync(dir)) return [];
  const names = (await fs.readdir(dir)).filter((name) => /^[a-f0-9]{12}\.json$/.test(name));
  const records = await Promise.all(
    names.map(async (name) => {
      try {
        const parsed = LiveSessionRecordSchema.safeParse(JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return records.filter((record): record is LiveSessionRecord => record !== undefined).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/**
 * Whether the process runs. A zombie (ended, never collected: a session outlives the
 * command that started it, and a container's init may never collect it) counts as ended,
 * as the core's process check has it.
 */
export const processRuns = isRunning;

/**
 * The records whose process still runs; the records of sessions that ended without
 * cleaning up (a crash, a kill -9) are removed on the way, and returned apart.
 */
export async function liveRecords(dataDir: string): Promise<{ live: LiveSessionRecord[]; stale: LiveSessionRecord[] }> {
  const records = await readRecords(dataDir);
  const live = records.filter((record) => processRuns(record.pid));
  const stale = records.filter((record) => !live.includes(record));
  await Promise.all(stale.map((record) => removeRecord(dataDir, record)));
  return { live, stale };
}
