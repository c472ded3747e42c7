/**
 * The secret store's key in the system keychain (macOS Keychain, Windows Credential
 * Manager, the Secret Service on Linux): read it, or save a new random one the first time.
 * One keychain entry serves every front end on the machine, so a secret saved by the app
 * is readable by browser mode and the CLI, and the other way round.
 */
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { withFileLock } from '../util/file-lock';
import type { KeychainRunner } from './keychain-runner';

const KEYCHAIN_SERVICE = 'MCP Workbench';
const KEYCHAIN_ACCOUNT = 'secret-store-key';
/** Long enough to answer an unlock prompt; a keychain that answers at all does so in milliseconds. */
const KEYCHAIN_TIMEOUT_MS = 10_000;
const KEY_BYTES = 32;

export type KeychainKey = { ok: true; key: Buffer; created: boolean } | { ok: false; reason: string };

export interface KeychainKeyOptions {
  runner: KeychainRunner;
  /** Held while the key is read or created, so two processes starting at once agree on one key (see keychainLockFile). */
  lockFile: string;
  service?: string;
  account?: string;
  timeoutMs?: number;
}

/**
 * The keychain entry is one per user, whatever data folder a process uses, so the lock that
 * guards its creation is too: in the user's own runtime folder where Linux has one, else in
 * the temporary folder (per user on macOS and Windows), named for the user and the entry.
 */
export function keychainLockFile(env: NodeJS.ProcessEnv, service = KEYCHAIN_SERVICE): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : os.userInfo().username;
  const name = createHash('sha256').update(`${user}\0${service}`).digest('hex').slice(0, 16);
  return path.join(env.XDG_RUNTIME_DIR || os.tmpdir(), `mcp-workbench-keychain-${name}`);
}

export async function readKeychainKey(options: KeychainKeyOptions): Promise<KeychainKey> {
  const request = JSON.stringify({
    service: options.service ?? KEYCHAIN_SERVICE,
    account: options.account ?? KEYCHAIN_ACCOUNT,
    candidate: randomBytes(KEY_BYTES).toString('base64'),
  });
  let text: string;
  try {
    text = await withFileLock(options.lockFile, () => options.runner(request, options.timeoutMs ?? KEYCHAIN_TIMEOUT_MS));
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  let answer: { ok?: unknown; key?: unknown; created?: unknown; message?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    return { ok: false, reason: 'the keychain helper gave an answer that is not JSON' };
  }
  if (answer.ok !== true) return { ok: false, reason: typeof answer.message === 'string' ? answer.message : 'the keychain refused' };
  const key = typeof answer.key === 'string' ? Buffer.from(answer.key, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) return { ok: false, reason: `the keychain entry "${options.service ?? KEYCHAIN_SERVICE}" holds something that is not this app's key` };
  return { ok: true, key, created: answer.created === true };
}
