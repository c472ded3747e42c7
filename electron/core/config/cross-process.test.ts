/**
 * Two real processes on one data folder (the app and the CLI, two browser hosts) each add
 * servers with secrets at the same time: every acknowledged add is in the files
 * afterwards, and every reference resolves to its own secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKeyOf } from '../../../shared/config/secret-ref';
import { FileSecretStore, PLAIN_SECRETS_FILE } from '../secrets/file-secret-store';
import { LOCAL_SERVERS_FILE, PROJECT_FILE, SERVERS_FILE } from './server-registry';

let root: string;
let writer: string;

beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-two-writers-')));
  writer = path.join(root, 'writer.cjs');
  // The writer runs the core's own code in plain Node, bundled as the CLI is.
  await build({ entryPoints: [path.join(import.meta.dirname, 'concurrent-writer.testing.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: writer, logLevel: 'silent', mainFields: ['module', 'main'] });
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** Starts a writer and resolves once it has opened the folder and waits for "go". */
async function startWriter(args: string[]): Promise<{ child: ChildProcess; done: Promise<void> }> {
  const child = spawn(process.execPath, [writer, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 && out.includes('done') ? resolve() : reject(new Error(`writer ${args[2]} exited with ${code}: ${err}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
    done.catch(reject);
  });
  return { child, done };
}

describe('two processes writing one data folder', () => {
  it('keeps every server and every secret both of them added at the same time', async () => {
    const dataDir = path.join(root, 'data');
    const project = path.join(root, 'project');
    await fs.mkdir(project, { recursive: true });
    const writers = await Promise.all(['a', 'b'].map((prefix) => startWriter([dataDir, project, prefix, '40', '10'])));
    for (const { child } of writers) child.stdin!.write('go\n');
    await Promise.all(writers.map((w) => w.done));

    const read = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8'));
    const user = (await read(path.join(dataDir, SERVERS_FILE))).mcpServers as Record<string, { env: { TOKEN: string } }>;
    const projectServers = (await read(path.join(project, PROJECT_FILE))).mcpServers as Record<string, { env: { TOKEN: string } }>;
    const local = (await read(path.join(dataDir, LOCAL_SERVERS_FILE))).projects[project].mcpServers as Record<string, { env: { TOKEN: string } }>;
    const expected = (scope: string, count: number) => ['a', 'b'].flatMap((p) => Array.from({ length: count }, (_, i) => `${p}-${scope}-${i}`)).sort();
    expect(Object.keys(user).sort()).toEqual(expected('user', 40));
    expect(Object.keys(projectServers).sort()).toEqual(expected('project', 10));
    expect(Object.keys(local).sort()).toEqual(expected('local', 10));

    const store = new FileSecretStore(path.join(dataDir, PLAIN_SECRETS_FILE));
    const all = { ...user, ...projectServers, ...local };
    for (const [name, entry] of Object.entries(all)) {
      const key = secretKeyOf(entry.env.TOKEN);
      expect(key, name).toBeDefined();
      expect(await store.get(key!), name).toBe(`token-of-${name}`);
    }
    expect(await store.keys()).toHaveLength(120);
    // No lock or temp file is left behind in the project folder.
    expect(await fs.readdir(project)).toEqual([PROJECT_FILE]);
  }, 120_000);
});
