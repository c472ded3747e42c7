/**
 * Claude Code's IDE lock files: an IDE extension that serves MCP for Claude Code writes
 * `<port>.lock` into `$CLAUDE_CONFIG_DIR/ide/` (default `~/.claude/ide/`), JSON like
 *   {"pid": 12345, "workspaceFolders": ["/path"], "ideName": "VS Code",
 *    "transport": "ws", "authToken": "<uuid>"}
 * and expects clients to send the token as the `X-Claude-Code-Ide-Authorization` header.
 * Format checked against public implementations: coder/claudecode.nvim
 * (lua/claudecode/lockfile.lua, PROTOCOL.md, "Lock File System" and "Authentication").
 * `transport` is "ws" for WebSocket servers and "sse" for older SSE ones (served at
 * /sse); `runningInWindows` marks an IDE on the Windows side of WSL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isRunning } from '../../lifecycle/process-tree';

export const IDE_AUTH_HEADER = 'X-Claude-Code-Ide-Authorization';

const LockFileSchema = z.looseObject({
  pid: z.number().int().positive(),
  workspaceFolders: z.array(z.string()).default([]),
  ideName: z.string().default('IDE'),
  transport: z.enum(['ws', 'sse']).default('ws'),
  authToken: z.string().optional(),
  runningInWindows: z.boolean().optional(),
});

export interface IdeLockFile {
  port: number;
  pid: number;
  ideName: string;
  workspaceFolders: string[];
  transport: 'ws' | 'sse';
  authToken?: string;
  runningInWindows?: boolean;
}

export function ideLockDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const configDir = env.CLAUDE_CONFIG_DIR?.trim();
  return path.join(configDir || path.join(home, '.claude'), 'ide');
}

/** Every readable lock file in `dir`; broken ones are skipped. */
async function readIdeLockFiles(dir: string): Promise<IdeLockFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const found = await Promise.all(
    names
      .filter((name) => /^\d+\.lock$/.test(name))
      .map(async (name): Promise<IdeLockFile | undefined> => {
        const port = Number(name.slice(0, -'.lock'.length));
        if (port < 1 || port > 65535) return undefined;
        try {
          const parsed = LockFileSchema.safeParse(JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')));
          if (!parsed.success) return undefined;
          const { pid, ideName, workspaceFolders, transport, authToken, runningInWindows } = parsed.data;
          return { port, pid, ideName, workspaceFolders, transport, ...(authToken ? { authToken } : {}), ...(runningInWindows ? { runningInWindows } : {}) };
        } catch {
          return undefined;
        }
      }),
  );
  return found.filter((lock): lock is IdeLockFile => lock !== undefined);
}

/** Lock files whose IDE is still running (a crashed IDE leaves its file behind). */
export async function runningIdes(dir: string): Promise<IdeLockFile[]> {
  // A Windows pid seen from WSL cannot be checked from here.
  return (await readIdeLockFiles(dir)).filter((lock) => lock.runningInWindows || isRunning(lock.pid));
}

export function ideServerUrl(lock: Pick<IdeLockFile, 'port' | 'transport'>): string {
  return lock.transport === 'sse' ? `http://127.0.0.1:${lock.port}/sse` : `ws://127.0.0.1:${lock.port}`;
}

/** The token of the IDE serving `url` (matched by port), read fresh: it changes with every IDE start. */
export async function ideTokenFor(url: URL, dir: string): Promise<string | undefined> {
  const port = Number(url.port);
  if (!port) return undefined;
  return (await readIdeLockFiles(dir)).find((lock) => lock.port === port)?.authToken;
}
