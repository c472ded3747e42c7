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
import { findSuiteNode, SuiteNodeMissing } from './suite-node';
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
});
