/**
 * `tools call --stdio …` starts its server while the core loads (early-stdio-start.ts),
 * seen from outside on a real run of the built CLI: a `--require` preload writes down
 * each process the CLI spawns, in the same file where a Node module hook (module.register)
 * writes down each file the ES module loader reads. Both are written by the CLI's main
 * thread's own steps (the loader reads a file only when that thread imports it), so the
 * order in the file is the order of the steps. The CLI's chunks keep esbuild's
 * `// electron/…` markers, which tell the file holding the core. Needs the build (`node
 * scripts/build.mjs cli`).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import { writeLoadRecorder } from '../../tests/support/load-recorder';

let dir: string;
/** The `--import` URL of the module hook that writes "load <url>" steps. */
let loadRecorder: string;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-early-'));
  loadRecorder = await writeLoadRecorder(dir, 'STEPS_LIST', 'load ');
  await fs.writeFile(
    path.join(dir, 'spawns.cjs'),
    [
      "const { ChildProcess } = require('node:child_process');",
      'const spawn = ChildProcess.prototype.spawn;',
      "ChildProcess.prototype.spawn = function (options) { require('node:fs').appendFileSync(process.env.STEPS_LIST, 'spawn ' + JSON.stringify(options.args) + '\\n'); return spawn.apply(this, arguments); };",
    ].join('\n'),
  );
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The run (on a data folder of its own, or `home`), and its steps: "spawn <args JSON>" and "load <CLI file>" lines, in order. */
async function stepsOf(args: string[], home?: string): Promise<{ run: CliRun; steps: string[] }> {
  const list = path.join(dir, `steps-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  await fs.writeFile(list, '');
  home ??= await fs.mkdtemp(path.join(dir, 'home-'));
  const run = await runBuiltCli(args, {
    home,
    env: { ...process.env, STEPS_LIST: list, NODE_OPTIONS: `--require ${path.join(dir, 'spawns.cjs')} --import ${loadRecorder}` },
    killAfterMs: 60_000,
  });
  return { run, steps: (await fs.readFile(list, 'utf8')).split('\n').filter(Boolean) };
}

/** esbuild's marker of the core's module (createCore) in the CLI's chunks. */
const CORE_MODULE = /^\/\/ electron\/core\/api\/core-api\.ts$/m;
/** The marker of the SDK client's own code (its protocol, schemas and transports), which the SDK's stdio module imports. */
const SDK_CLIENT_CODE = /^\/\/ node_modules\/@modelcontextprotocol\/client\/dist\/src-[^/]*\.mjs$/m;

/** The text of the CLI file a step has the loader read; undefined for any other step. */
async function loadedText(step: string): Promise<string | undefined> {
  if (!step.startsWith('load file:')) return undefined;
  const file = fileURLToPath(step.slice('load '.length));
  return file.startsWith(path.dirname(BUILT_CLI)) ? fs.readFile(file, 'utf8') : undefined;
}

/** For each marker, the index of the first step that reads the module it names; -1 when none does. Each file is read once. */
async function firstLoadsOf(steps: string[], ...markers: RegExp[]): Promise<number[]> {
  const texts = await Promise.all(steps.map(loadedText));
  return markers.map((marker) => texts.findIndex((text) => text !== undefined && marker.test(text)));
}

it('tools call on an ad-hoc stdio server starts the server before it reads the core or the SDK client, and the call answers', async () => {
  const server = fixtureServer('basic-stdio');
  const { run, steps } = await stepsOf(['tools', 'call', 'echo', '--args', '{"text":"side by side"}', '--stdio', `"${process.execPath}" "${server}"`]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('side by side');
  const spawns = steps.filter((step) => step.startsWith('spawn ') && step.includes(JSON.stringify(server)));
  // One server process: the connect took over the one started early, it did not start another.
  expect(spawns).toHaveLength(1);
  const [coreAt, sdkAt] = await firstLoadsOf(steps, CORE_MODULE, SDK_CLIENT_CODE);
  expect(coreAt).toBeGreaterThan(-1);
  expect(steps.indexOf(spawns[0]!)).toBeLessThan(coreAt!);
  // Nor does the start wait for the SDK's code (0.7 MB): the server's environment is computed
  // without the SDK's stdio module (inherited-environment.ts), which would read all of it.
  expect(sdkAt).toBeGreaterThan(-1);
  expect(steps.indexOf(spawns[0]!)).toBeLessThan(sdkAt!);
}, 90_000);

it('a tools call whose command line names no tool starts no server', async () => {
  const server = fixtureServer('basic-stdio');
  const { run, steps } = await stepsOf(['tools', 'call', '--stdio', `"${process.execPath}" "${server}"`]);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('Name the tool to call on basic-stdio.');
  expect(steps.filter((step) => step.startsWith('spawn ') && step.includes(JSON.stringify(server)))).toEqual([]);
}, 90_000);

it('a named server from the app\'s scopes is started by the core as before, not early (the control: the core is read first)', async () => {
  const home = await fs.mkdtemp(path.join(dir, 'scopes-'));
  const server = fixtureServer('basic-stdio');
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [server] } } }));
  const { run, steps } = await stepsOf(['tools', 'call', 'basic', 'echo', '--args', '{"text":"named"}', '--no-session'], home);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('named');
  const spawnAt = steps.findIndex((step) => step.startsWith('spawn ') && step.includes(JSON.stringify(server)));
  const [coreAt] = await firstLoadsOf(steps, CORE_MODULE);
  expect(spawnAt).toBeGreaterThan(coreAt!);
  expect(coreAt).toBeGreaterThan(-1);
}, 90_000);
