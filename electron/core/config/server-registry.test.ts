import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SERVERS_FILE, PROJECT_FILE, ServerRegistry, SERVERS_FILE, type RegistryChange } from './server-registry';

let dir: string;
let project: string;
const registries: ServerRegistry[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-registry-'));
  project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-project-')));
});
afterEach(async () => {
  for (const registry of registries.splice(0)) registry.close();
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(project, { recursive: true, force: true });
});

async function open(options: { watch?: boolean } = {}): Promise<ServerRegistry> {
  const registry = new ServerRegistry(dir, options);
  registries.push(registry);
  await registry.load();
  return registry;
}

const readJson = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8'));

/**
 * Reports every change of `registry` into `changes`, and `until` resolves once `check` holds,
 * re-checking after each change (every external edit the watcher picks up is one).
 */
function watchChanges(registry: ServerRegistry): { changes: RegistryChange[]; until: (check: () => boolean, what: string) => Promise<void> } {
  const changes: RegistryChange[] = [];
  const waiters = new Set<() => void>();
  registry.onChange = (change) => {
    changes.push(change);
    for (const wake of waiters) wake();
  };
  const until = (check: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      // A limit, not a wait: it only turns a change that never comes into a named failure.
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`Timed out waiting for ${what}`));
      }, 10_000);
      const wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
    });
  return { changes, until };
}

describe('ServerRegistry: the user scope', () => {
  it('starts empty, persists added servers as mcpServers, and reloads them', async () => {
    const registry = await open();
    expect(registry.list()).toEqual([]);
    await registry.add('user', 'one', { command: 'node', args: ['a.js'], env: { A: '1' } });
    expect(await readJson(path.join(dir, SERVERS_FILE))).toEqual({ mcpServers: { one: { command: 'node', args: ['a.js'], env: { A: '1' } } } });
    const again = await open();
    expect(again.get('one')).toEqual({ command: 'node', args: ['a.js'], env: { A: '1' } });
    expect(again.find('one')).toMatchObject({ scope: 'user' });
  });

  it('refuses a duplicate name and an unknown one, and renames on replace', async () => {
    const registry = await open();
    await registry.add('user', 'one', { command: 'node' });
    await expect(registry.add('user', 'one', { command: 'other' })).rejects.toThrow(/already exists in the user scope/);
    await expect(registry.remove('user', 'two')).rejects.toThrow(/No server named "two"/);
    await registry.add('user', 'two', { command: 'x' });
    await expect(registry.replace('user', 'one', { command: 'y' }, 'two')).rejects.toThrow(/"two" already exists/);
    await registry.replace('user', 'one', { command: 'y' }, 'uno');
    expect(registry.list()).toEqual([
      ['two', { command: 'x' }],
      ['uno', { command: 'y' }],
    ]);
  });

  it('keeps fields and entries written by other tools, even invalid entries, and reports those', async () => {
    await fs.writeFile(
      path.join(dir, SERVERS_FILE),
      JSON.stringify({ other: 1, mcpServers: { a: { command: 'x', futureField: { y: 2 } }, broken: { type: 'nope' }, 'bad name': { command: 'z' } } }, null, 2),
    );
    const registry = await open();
    expect(registry.list().map(([name]) => name)).toEqual(['a']);
    expect(registry.get('a')).toEqual({ command: 'x', futureField: { y: 2 } });
    const [status] = registry.status();
    expect(status?.entryProblems).toEqual([
      { name: 'broken', message: expect.stringContaining('Unknown type "nope"'), line: 10, column: 15 },
      { name: 'bad name', message: expect.stringContaining('may contain only'), line: 13, column: 17 },
    ]);
    await registry.add('user', 'b', { command: 'y' });
    const onDisk = await readJson(path.join(dir, SERVERS_FILE));
    expect(onDisk).toEqual({
      other: 1,
      mcpServers: { a: { command: 'x', futureField: { y: 2 } }, broken: { type: 'nope' }, 'bad name': { command: 'z' }, b: { command: 'y' } },
    });
    // An invalid entry still occupies its name.
    await expect(registry.add('user', 'broken', { command: 'y' })).rejects.toThrow(/already exists/);
  });

  it('never overwrites a file that does not parse, and says where it is broken', async () => {
    const broken = '{ "mcpServers": {\n  "a": ';
    await fs.writeFile(path.join(dir, SERVERS_FILE), broken);
    const registry = await open();
    expect(registry.status()[0]).toMatchObject({ scope: 'user', problem: { line: 2, column: 8 } });
    await expect(registry.add('user', 'b', { command: 'y' })).rejects.toThrow(/Not saving: .*servers\.json does not parse: .* at line 2, column 8/);
    expect(await fs.readFile(path.join(dir, SERVERS_FILE), 'utf8')).toBe(broken);
  });

  it('writes atomically and keeps the previous version as a backup', async () => {
    const registry = await open();
    await registry.add('user', 'one', { command: 'a' });
    await registry.add('user', 'two', { command: 'b' });
    expect(await readJson(path.join(dir, `${SERVERS_FILE}.bak`))).toEqual({ mcpServers: { one: { command: 'a' } } });
    // No temp files are left behind.
    expect((await fs.readdir(dir)).sort()).toEqual([SERVERS_FILE, `${SERVERS_FILE}.bak`].sort());
    expect((await fs.stat(path.join(dir, SERVERS_FILE))).mode & 0o777).toBe(0o600);
  });
});

describe('ServerRegistry: scopes', () => {
  it('merges local over project over user once a project is open, and writes each scope to its own file', async () => {
    const registry = await open();
    await registry.add('user', 'same', { command: 'user' });
    await registry.add('user', 'only-user', { command: 'u' });
    await expect(registry.add('project', 'x', { command: 'p' })).rejects.toThrow(/Open a project first/);

    await registry.openProject(project);
    await registry.add('project', 'same', { command: 'project' });
    await registry.add('local', 'same', { command: 'local' });
    await registry.add('project', 'only-project', { type: 'http', url: 'http://127.0.0.1:1/mcp' });

    expect(registry.effective()).toEqual([
      { name: 'same', scope: 'local', config: { command: 'local' }, shadows: ['project', 'user'] },
      { name: 'only-user', scope: 'user', config: { command: 'u' }, shadows: [] },
      { name: 'only-project', scope: 'project', config: { type: 'http', url: 'http://127.0.0.1:1/mcp' }, shadows: [] },
    ]);
    expect(await readJson(path.join(project, PROJECT_FILE))).toEqual({
      mcpServers: { same: { command: 'project' }, 'only-project': { type: 'http', url: 'http://127.0.0.1:1/mcp' } },
    });
    expect(await readJson(path.join(dir, LOCAL_SERVERS_FILE))).toEqual({ projects: { [project]: { mcpServers: { same: { command: 'local' } } } } });

    // Removing the local entry uncovers the user's own one: the project's is held beside it until approved.
    await registry.remove('local', 'same');
    expect(registry.find('same')).toMatchObject({ scope: 'user', config: { command: 'user' }, held: { scope: 'project', config: { command: 'project' } } });
    registry.setShadowPolicy(() => true);
    expect(registry.find('same')).toMatchObject({ scope: 'project', config: { command: 'project' } });

    registry.closeProject();
    expect(registry.list()).toEqual([
      ['same', { command: 'user' }],
      ['only-user', { command: 'u' }],
    ]);
  });

  it('moves an entry between scopes', async () => {
    const registry = await open();
    await registry.openProject(project);
    await registry.add('user', 'mover', { command: 'm', args: ['1'] });
    await registry.move('mover', 'user', 'project');
    expect(registry.find('mover')).toMatchObject({ scope: 'project', config: { command: 'm', args: ['1'] } });
    expect((await readJson(path.join(dir, SERVERS_FILE))).mcpServers).toEqual({});
    expect((await readJson(path.join(project, PROJECT_FILE))).mcpServers).toEqual({ mover: { command: 'm', args: ['1'] } });
    await registry.add('local', 'taken', { command: 't' });
    await registry.add('project', 'taken', { command: 't2' });
    await expect(registry.move('taken', 'project', 'local')).rejects.toThrow(/already exists in the local scope/);
  });

  it('keeps the other scopes working when the project file is broken', async () => {
    await fs.writeFile(path.join(project, PROJECT_FILE), '{"mcpServers": {"p": {"command": "x"},}}');
    const registry = await open();
    await registry.add('user', 'fine', { command: 'f' });
    await registry.openProject(project);
    expect(registry.list().map(([name]) => name)).toEqual(['fine']);
    const projectStatus = registry.status().find((s) => s.scope === 'project');
    expect(projectStatus).toMatchObject({ path: path.join(project, PROJECT_FILE), problem: { line: 1, column: 39 } });
    await registry.add('local', 'mine', { command: 'l' });
    expect(registry.list().map(([name]) => name)).toEqual(['fine', 'mine']);
    await expect(registry.add('project', 'q', { command: 'q' })).rejects.toThrow(/does not parse/);
    // Backups of project files go to the app data folder, not into the project.
    expect(await fs.readdir(project)).toEqual([PROJECT_FILE]);
  });

  it('refuses a project path that is not an existing absolute folder', async () => {
    const registry = await open();
    await expect(registry.openProject('relative/path')).rejects.toThrow(/not an absolute path/);
    await expect(registry.openProject(path.join(project, 'missing'))).rejects.toThrow(/No folder at/);
    await fs.writeFile(path.join(project, 'file.txt'), 'x');
    await expect(registry.openProject(path.join(project, 'file.txt'))).rejects.toThrow(/is a file, not a folder/);
  });
});

describe('ServerRegistry: live changes', () => {
  it('picks up external edits, keeps the last good version while a file is broken, and reports each change', async () => {
    const registry = await open({ watch: true });
    await registry.openProject(project);
    const { changes, until } = watchChanges(registry);
    const file = path.join(project, PROJECT_FILE);

    await fs.writeFile(file, JSON.stringify({ mcpServers: { ext: { command: 'e' } } }));
    await until(() => registry.get('ext') !== undefined, 'the external entry');
    expect(changes.at(-1)).toEqual({ scopes: ['project'], external: true });

    await fs.writeFile(file, '{"mcpServers": {"ext": ');
    await until(() => registry.status().some((s) => s.problem), 'the problem to be reported');
    expect(registry.get('ext')).toEqual({ command: 'e' });

    await fs.writeFile(file, JSON.stringify({ mcpServers: { ext2: { command: 'e2' } } }));
    await until(() => registry.get('ext2') !== undefined && !registry.status().some((s) => s.problem), 'the fixed file');
    expect(registry.get('ext')).toBeUndefined();

    // Our own writes are not reported as external.
    const before = changes.length;
    await registry.add('project', 'ours', { command: 'o' });
    expect(changes.slice(before)).toEqual([{ scopes: ['project'], external: false, added: 'ours' }]);
    // The watcher sees our write first and another program's edit of the user file after it
    // (both reloads wait the same settle time, ours armed first): once that edit is reported,
    // ours has been judged, and it was not external.
    await fs.writeFile(path.join(dir, SERVERS_FILE), JSON.stringify({ mcpServers: { other: { command: 'x' } } }));
    await until(() => registry.get('other') !== undefined, 'the user file edited by another program');
    expect(changes.slice(before).filter((c) => c.external)).toEqual([{ scopes: ['user'], external: true }]);
  });

  it('keeps entries another program added meanwhile when it writes', async () => {
    const registry = await open();
    await registry.add('user', 'a', { command: 'a' });
    const file = path.join(dir, SERVERS_FILE);
    const onDisk = await readJson(file);
    onDisk.mcpServers.fromEditor = { command: 'e' };
    await fs.writeFile(file, JSON.stringify(onDisk, null, 2));
    await registry.add('user', 'b', { command: 'b' });
    expect(Object.keys((await readJson(file)).mcpServers)).toEqual(['a', 'fromEditor', 'b']);
  });
});

describe('ServerRegistry: fixed servers (one run only)', () => {
  it('lists the given servers in place of the scopes, reads no scope file, and refuses every write or project', async () => {
    await fs.writeFile(path.join(dir, SERVERS_FILE), JSON.stringify({ mcpServers: { mine: { command: 'node' } } }));
    const registry = new ServerRegistry(dir, { fixed: { source: '/tmp/servers.json', entries: [['given', { command: 'node', args: ['x.mjs'] }]] } });
    registries.push(registry);
    await registry.load();
    expect(registry.effective()).toEqual([{ name: 'given', scope: 'user', config: { command: 'node', args: ['x.mjs'] }, shadows: [] }]);
    expect(registry.get('mine')).toBeUndefined();
    expect(registry.find('given', 'project')).toBeUndefined();
    expect(registry.availableScopes()).toEqual([]);
    expect(registry.status()).toEqual([]);
    await expect(registry.add('user', 'new', { command: 'node' })).rejects.toThrow(/come from \/tmp\/servers\.json; nothing is saved/);
    await expect(registry.replace('user', 'given', { command: 'other' })).rejects.toThrow(/nothing is saved/);
    await expect(registry.remove('user', 'given')).rejects.toThrow(/nothing is saved/);
    await expect(registry.openProject(project)).rejects.toThrow(/nothing is saved/);
    expect(await readJson(path.join(dir, SERVERS_FILE))).toEqual({ mcpServers: { mine: { command: 'node' } } });
  });
});

describe('ServerRegistry: names every object already has', () => {
  it('reports "__proto__", "constructor" and "prototype" entries as problems, loads the rest, and can remove them', async () => {
    const file = path.join(dir, SERVERS_FILE);
    await fs.writeFile(file, '{\n  "mcpServers": {\n    "__proto__": { "command": "x" },\n    "constructor": { "command": "y" },\n    "prototype": { "command": "z" },\n    "ok": { "command": "node" },\n    "sneaky": { "command": "node", "__proto__": { "type": "sse" }, "env": { "__proto__": "v" } }\n  }\n}\n');
    const registry = await open();
    expect(registry.list()).toEqual([['ok', { command: 'node' }]]);
    const reserved = 'Names "__proto__", "constructor" and "prototype" are reserved; choose another name';
    expect(registry.status()[0]?.entryProblems).toEqual([
      { name: '__proto__', message: `"__proto__": ${reserved}`, line: 3, column: 18 },
      { name: 'constructor', message: `"constructor": ${reserved}`, line: 4, column: 20 },
      { name: 'prototype', message: `"prototype": ${reserved}`, line: 5, column: 18 },
      { name: 'sneaky', message: '"sneaky": __proto__: "__proto__" cannot be used as a key', line: 7, column: 15 },
    ]);
    // Nothing leaked into the prototype of what was read.
    expect(Object.getPrototypeOf(registry.get('ok'))).toBe(Object.prototype);

    // Adding one again is refused by name, and the one in the file can be removed.
    await expect(registry.add('user', '__proto__', { command: 'x' })).rejects.toThrow(`"__proto__": ${reserved}`);
    await expect(registry.add('user', 'constructor', { command: 'x' })).rejects.toThrow(reserved);
    await registry.remove('user', '__proto__');
    expect(Object.keys((await readJson(file)).mcpServers)).toEqual(['constructor', 'prototype', 'ok', 'sneaky']);
    expect((await open()).list().map(([name]) => name)).toEqual(['ok']);
  });
});
