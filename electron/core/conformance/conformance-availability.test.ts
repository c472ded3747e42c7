/**
 * Where the suite cannot run, the user is told what is missing and what to do: no Node 22
 * (with the places looked at), or no suite (with the npm command and an offer to fetch it).
 * Nothing is installed unasked.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConformanceService } from './conformance-service';
import { existsSync } from 'node:fs';
import { pinnedNode } from '../../../scripts/lib/suite-node.mjs';
import { SuiteNodeMissing } from './conformance-errors';
import { findSuiteNode } from './suite-node';
import { checkoutRoot } from './suite-packages';

/** A real Node 22 binary: the one `npm run conformance` fetched into this checkout, when it did. */
const pinned = pinnedNode(checkoutRoot()!)?.binary;
const node22 = pinned && existsSync(pinned) ? pinned : undefined;
if (!node22) console.warn('Skipping the MCP_WORKBENCH_NODE test: no Node 22 in node_modules/.cache (npm run conformance fetches one).');

let dataDir: string;
let empty: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-conformance-data-'));
  empty = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-no-checkout-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(empty, { recursive: true, force: true });
});

/** An environment whose PATH has no node at all. */
const noNodeEnv = () => ({ PATH: empty });

function service(self?: { path: string; version: string }) {
  return new ConformanceService({
    dataDir,
    env: async () => noNodeEnv(),
    configOf: () => undefined,
    launchConfig: async () => {
      throw new Error('not used');
    },
    emit: () => undefined,
    checkout: empty,
    ...(self ? { self } : {}),
  });
}

describe('whether the conformance suite can run here', () => {
  it('says which Nodes were looked at and what to install when none is 22 or newer', async () => {
    const lookup = findSuiteNode({ env: noNodeEnv(), checkout: empty, self: { path: process.execPath, version: '20.19.0' } });
    await expect(lookup).rejects.toBeInstanceOf(SuiteNodeMissing);
    const error = (await lookup.catch((e: unknown) => e)) as SuiteNodeMissing;
    expect(error.message).toMatch(/needs Node 22 or newer/);
    expect(error.message).toContain('this process: 20.19.0');
    expect(error.message).toContain('node on the PATH: did not run');
    expect(error.remedy).toMatch(/Install Node 22 or newer .*MCP_WORKBENCH_NODE/);
  });

  it.skipIf(!node22)('takes MCP_WORKBENCH_NODE when it points at a Node 22 (asking the binary its version)', async () => {
    const found = await findSuiteNode({ env: { ...noNodeEnv(), MCP_WORKBENCH_NODE: node22! }, checkout: empty, self: { path: process.execPath, version: '20.19.0' } });
    expect(found.path).toBe(node22);
    expect(Number(found.version.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it('without the suite: the problem, the npm command to run it by hand, and an offer to fetch it', async () => {
    const status = await service({ path: process.execPath, version: '22.23.5' }).status('2026-07-28');
    expect(status.ready).toBe(false);
    expect(status.problem).toBe('The conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12) is not installed here.');
    expect(status.remedy).toContain('npx @modelcontextprotocol/conformance@0.2.0-alpha.12 server --url');
    expect(status.canInstall).toBe(true);
    // Nothing was fetched to find that out.
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('refuses to run, saying why, instead of starting anything', async () => {
    const svc = new ConformanceService({
      dataDir,
      env: async () => noNodeEnv(),
      configOf: () => ({ command: process.execPath, args: ['-e', 'process.exit(3)'] }),
      launchConfig: async () => {
        throw new Error('the server must not be launched');
      },
      emit: () => undefined,
      checkout: empty,
      self: { path: process.execPath, version: '20.19.0' },
    });
    await expect(svc.run({ name: 'x', specVersion: '2025-11-25' })).rejects.toThrow(/needs Node 22 or newer.*Install Node 22/s);
  });

  it('tells a server on another transport that the suite speaks Streamable HTTP', async () => {
    const svc = new ConformanceService({ dataDir, env: async () => noNodeEnv(), configOf: () => ({ type: 'sse', url: 'http://127.0.0.1:1/sse' }), launchConfig: async () => ({ type: 'sse', url: 'http://127.0.0.1:1/sse' }), emit: () => undefined, checkout: empty });
    await expect(svc.run({ name: 'old', specVersion: '2025-11-25' })).rejects.toThrow('The conformance suite speaks Streamable HTTP; "old" uses sse.');
  });

  it.skipIf(process.platform === 'win32')('fetches the suite with npm into the data folder when asked, and reports npm\'s own words when it fails', async () => {
    // A stand-in for npm (POSIX only: a script on the PATH): it records its arguments and lays the package out as npm would.
    const bin = path.join(empty, 'bin');
    await fs.mkdir(bin);
    const npm = path.join(bin, 'npm');
    await fs.writeFile(
      npm,
      `#!${process.execPath}
const fs = require('node:fs'), path = require('node:path');
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(path.join(empty, 'npm-args.json'))}, JSON.stringify(args));
if (process.env.NPM_FAILS) { process.stderr.write('npm error code E404\\nnpm error 404 Not Found\\n'); process.exit(1); }
const [name, version] = [args.at(-1).slice(0, args.at(-1).lastIndexOf('@')), args.at(-1).slice(args.at(-1).lastIndexOf('@') + 1)];
const dir = path.join(args[args.indexOf('--prefix') + 1], 'node_modules', ...name.split('/'));
fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version }));
fs.writeFileSync(path.join(dir, 'dist', 'index.js'), '');
`,
      { mode: 0o755 },
    );
    const svc = (env: NodeJS.ProcessEnv) =>
      new ConformanceService({ dataDir, env: async () => ({ PATH: bin, ...env }), configOf: () => undefined, launchConfig: async () => { throw new Error('not used'); }, emit: () => undefined, checkout: empty, self: { path: process.execPath, version: '22.23.5' } });

    await expect(svc({ NPM_FAILS: '1' }).install('2026-07-28')).rejects.toThrow(/npm could not install @modelcontextprotocol\/conformance@0\.2\.0-alpha\.12: npm error code E404\nnpm error 404 Not Found/);

    const status = await svc({}).install('2026-07-28');
    const args = JSON.parse(await fs.readFile(path.join(empty, 'npm-args.json'), 'utf8')) as string[];
    expect(args).toEqual(['install', '--prefix', path.join(dataDir, 'conformance-suite', '0.2.0-alpha.12'), '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '@modelcontextprotocol/conformance@0.2.0-alpha.12']);
    expect(status.ready).toBe(true);
    expect(status.suite?.path).toBe(path.join(dataDir, 'conformance-suite', '0.2.0-alpha.12', 'node_modules', '@modelcontextprotocol', 'conformance'));
  });
});
