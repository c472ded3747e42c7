/**
 * What a one-tool command line reads: `tools call` on a stdio server, as a real process of
 * the built CLI (out/electron/cli.cjs), with a Node module hook (module.register, the
 * documented way to watch the ES module loader) that writes down every file it loads. The
 * CLI's chunks keep esbuild's `// node_modules/<package>/…` markers, so the packages each
 * loaded file bundles can be read from outside. The model layer, the load engine, the
 * collections' JSONPath and regex engine, the import formats (YAML, TOML) and the WebSocket
 * library load only for the commands that use them; `--help` reads commander and the
 * command table, not zod, the MCP SDK or the core's error table (which names classes from
 * every part of the core). Nor does a command that touches no secret start the keychain
 * helper, a Node process of its own (seen with a `--require` preload, which every Node
 * process started with the CLI's environment runs, writing down its script). Needs the
 * build (`node scripts/build.mjs cli`).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli } from '../../tests/support/built-cli';
import { writeLoadRecorder } from '../../tests/support/load-recorder';

let dir: string;
/** The `--import` URL of the module hook that writes down each file loaded. */
let loadRecorder: string;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-lazy-'));
  loadRecorder = await writeLoadRecorder(dir, 'LOADED_LIST');
  await fs.writeFile(path.join(dir, 'started.cjs'), "require('node:fs').appendFileSync(process.env.STARTED_LIST, String(process.argv[1]) + '\\n');\n");
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The npm packages bundled into the CLI files a command loaded, and our own source files among them. */
async function loadedBy(args: string[]): Promise<{ packages: Set<string>; sources: Set<string> }> {
  const list = path.join(dir, `loaded-${args[0]}.txt`);
  const home = await fs.mkdtemp(path.join(dir, 'home-'));
  const run = await runBuiltCli(args, { home, env: { ...process.env, LOADED_LIST: list, NODE_OPTIONS: `--import ${loadRecorder}` }, killAfterMs: 60_000 });
  expect(run.code, run.stderr).toBe(0);
  const cliDir = path.dirname(BUILT_CLI);
  const files = (await fs.readFile(list, 'utf8')).split('\n').filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url)).filter((file) => file.startsWith(cliDir));
  const packages = new Set<string>();
  const sources = new Set<string>();
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    for (const match of text.matchAll(/^\/\/ node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm)) packages.add(match[1]!);
    for (const match of text.matchAll(/^\/\/ ((?:electron|shared)\/[^\s]+\.ts)$/gm)) sources.add(match[1]!);
  }
  return { packages, sources };
}

async function packagesLoadedBy(args: string[]): Promise<Set<string>> {
  return (await loadedBy(args)).packages;
}

/** The script of every Node process a command started (itself first), as the preload wrote them down. */
async function nodeScriptsStartedBy(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const list = path.join(dir, `started-${args.join('-').replace(/[^a-z-]/gi, '').slice(0, 40)}.txt`);
  const home = await fs.mkdtemp(path.join(dir, 'home-'));
  const rest = { ...env };
  // The keychain as users have it: not switched off.
  delete rest.MCP_WORKBENCH_KEYCHAIN;
  const run = await runBuiltCli(args, { home, env: { ...rest, STARTED_LIST: list, NODE_OPTIONS: `--require ${path.join(dir, 'started.cjs')}` }, killAfterMs: 60_000 });
  expect(run.code, run.stderr).toBe(0);
  return (await fs.readFile(list, 'utf8')).split('\n').filter(Boolean).map((script) => path.basename(script));
}

const LAZY = ['ai', '@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google', 'hdr-histogram-js', 'pidusage', 'csv-parse', 'yaml', 'smol-toml', 're2js', 'jsonpath-plus', 'ws'];

it('tools call on a stdio server loads the MCP client and none of the model, load, collection, import or WebSocket libraries', async () => {
  const server = `"${process.execPath}" "${fixtureServer('basic-stdio')}"`;
  const { packages, sources } = await loadedBy(['tools', 'call', 'echo', '--args', '{"text":"hi"}', '--stdio', server]);
  // The markers are there to read: the SDK client the call needs is among them, and the tools service.
  expect(packages).toContain('@modelcontextprotocol/client');
  expect(sources).toContain('electron/core/tools/tools-service.ts');
  expect(LAZY.filter((name) => packages.has(name))).toEqual([]);
  // Nor the doctor's rules or the conformance suite's runner (API areas built on first use); the suite's error classes, which the error table names, are a file of their own.
  const lazyAreas = (file: string) => file.startsWith('electron/core/doctor/rules/') || file === 'electron/core/doctor/doctor-service.ts' || (file.startsWith('electron/core/conformance/') && file !== 'electron/core/conformance/conformance-errors.ts');
  expect([...sources].filter(lazyAreas)).toEqual([]);
}, 90_000);

it('--help loads commander and the diagnostic log, and neither zod nor the MCP SDK', async () => {
  const packages = await packagesLoadedBy(['--help']);
  expect(packages).toContain('commander');
  expect([...packages].sort()).toEqual(['commander', 'rotating-file-stream']);
}, 90_000);

it('a load run, which needs the load engine, does load it (the check above sees a package when it is loaded)', async () => {
  const server = `"${process.execPath}" "${fixtureServer('basic-stdio')}"`;
  const packages = await packagesLoadedBy(['load', '--stdio', server, '--tool', 'echo', '--args', '{"text":"hi"}', '--requests', '2', '--allow-destructive', '--json']);
  expect(packages).toContain('hdr-histogram-js');
  expect(packages).toContain('pidusage');
}, 90_000);

it('tools call on a stdio server without secrets starts no keychain helper; models list, which reads the saved keys, does', async () => {
  const server = `"${process.execPath}" "${fixtureServer('basic-stdio')}"`;
  const call = await nodeScriptsStartedBy(['tools', 'call', 'echo', '--args', '{"text":"hi"}', '--stdio', server]);
  // The preload ran (the server is started with a minimal environment of its own, without it).
  expect(call).toContain(path.basename(BUILT_CLI));
  expect(call.filter((script) => script.startsWith('keychain-helper'))).toEqual([]);
  // The control: a command that opens the store does start it.
  const models = await nodeScriptsStartedBy(['models', 'list', '--json']);
  expect(models.filter((script) => script.startsWith('keychain-helper'))).toHaveLength(1);
}, 120_000);
