/**
 * `npm run web` / `npm start` build only when an input of the build changed: the real
 * script (copied with its helpers into a temporary checkout whose `npm run build` counts its
 * runs and writes the outputs) run as a process, as npm runs it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildInputs, fingerprint } from './lib/build-inputs.mjs';

const run = promisify(execFile);
const here = path.resolve('scripts');
let root: string;

/**
 * The npm that ran the script (npm_execpath, as `npm run web` sets it): a stand-in whose
 * `run build` writes every output the real build writes and counts itself, so the test
 * does not pay for npm and a real build on each step.
 */
const FAKE_NPM = `const fs = require('fs'), path = require('path');
if (process.argv.slice(2, 4).join(' ') !== 'run build') process.exit(9);
for (const file of ${JSON.stringify(BUILD_OUTPUTS)}) { fs.mkdirSync(path.dirname(file), { recursive: true }); fs.writeFileSync(file, 'built'); }
fs.appendFileSync('builds.log', 'x');
`;

async function buildsSoFar(): Promise<number> {
  return (await fs.readFile(path.join(root, 'builds.log'), 'utf8').catch(() => '')).length;
}

async function startWeb(...args: string[]): Promise<string> {
  const { stderr } = await run(process.execPath, [path.join(root, 'scripts', 'build-if-changed.mjs'), ...args], { cwd: root, env: { ...process.env, npm_execpath: path.join(root, 'fake-npm.cjs') } });
  return stderr;
}

/** Changes a file's size and modification time, as an editor's save does. */
async function edit(file: string): Promise<void> {
  await fs.appendFile(path.join(root, file), '\n// edited\n');
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-build-stamp-'));
  await fs.mkdir(path.join(root, 'scripts', 'lib'), { recursive: true });
  for (const file of ['build-if-changed.mjs', 'lib/build-inputs.mjs', 'lib/npm-command.mjs', 'lib/project-root.mjs']) {
    await fs.copyFile(path.join(here, file), path.join(root, 'scripts', file));
  }
  await fs.symlink(path.resolve('node_modules'), path.join(root, 'node_modules'), 'junction');
  await fs.writeFile(path.join(root, 'fake-npm.cjs'), FAKE_NPM);
  await fs.writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'fake' }));
  for (const [file, text] of Object.entries({
    'electron/main.ts': 'export {};',
    'electron/core/thing.test.ts': 'test',
    'renderer/src/App.tsx': 'export {};',
    'shared/api.ts': 'export {};',
    'e2e/browser/a.spec.ts': 'spec',
  })) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('build-if-changed', () => {
  it('builds the first time, then starts at once until a source changes', { timeout: 120_000 }, async () => {
    await startWeb();
    expect(await buildsSoFar()).toBe(1);

    expect(await startWeb()).toMatch(/up to date/);
    expect(await buildsSoFar()).toBe(1);

    await edit('renderer/src/App.tsx');
    await startWeb();
    expect(await buildsSoFar()).toBe(2);

    // Tests, end-to-end specs and the build's own output are no input of the bundles.
    await edit('electron/core/thing.test.ts');
    await edit('e2e/browser/a.spec.ts');
    expect(await startWeb()).toMatch(/up to date/);
    expect(await buildsSoFar()).toBe(2);

    // A new dependency is an input (the bundles carry some packages in).
    const manifest = path.join(root, 'package.json');
    await fs.writeFile(manifest, JSON.stringify({ ...JSON.parse(await fs.readFile(manifest, 'utf8')), dependencies: { zod: '4.0.0' } }));
    await startWeb();
    expect(await buildsSoFar()).toBe(3);

    // An output gone (a build stopped half-way, or out/ cleaned by hand) means building again.
    await fs.rm(path.join(root, 'out', 'renderer', 'index.html'));
    await startWeb();
    expect(await buildsSoFar()).toBe(4);

    await startWeb('--force');
    expect(await buildsSoFar()).toBe(5);
  });

  it('lists the sources and the build configuration, never tests, specs or out/', () => {
    const inputs = buildInputs(root);
    expect(inputs).toEqual(expect.arrayContaining(['electron/main.ts', 'renderer/src/App.tsx', 'shared/api.ts', 'package.json', 'scripts/lib/build-inputs.mjs']));
    expect(inputs.filter((file) => /\.test\.|^e2e\/|^out\//.test(file))).toEqual([]);
    expect(fingerprint(root)).toMatch(/^[0-9a-f]{64}$/);
  });
});
