/**
 * A Node 22 or newer for the conformance suite (its CLI needs one). Never installs anything:
 * it looks, in order, at MCP_WORKBENCH_NODE, the Node running us (outside Electron, whose
 * binary is the app itself), `node` on the PATH, and in a checkout the Node 22 that
 * `npm run conformance` fetched (scripts/lib/suite-node.mjs). When none is there, the error
 * says what to install.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { pinnedNode } from '../../../scripts/lib/suite-node.mjs';
import { SUITE_NODE_MAJOR, SuiteNodeMissing } from './conformance-errors';

const run = promisify(execFile);


export interface SuiteNode {
  path: string;
  version: string;
}

export interface SuiteNodeLookup {
  env: NodeJS.ProcessEnv;
  /** A checkout's root, where `npm run conformance` keeps its Node 22 (node_modules/.cache). */
  checkout?: string;
  /** The Node running us, when it may be started as Node (not an Electron binary). */
  self?: { path: string; version: string };
}

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

async function versionOf(binary: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  try {
    const { stdout } = await run(binary, ['--version'], { env, timeout: 10_000, windowsHide: true });
    return stdout.trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

export async function findSuiteNode({ env, checkout, self }: SuiteNodeLookup): Promise<SuiteNode> {
  const tried: string[] = [];
  const candidates: Array<{ label: string; binary: string | undefined }> = [
    { label: 'MCP_WORKBENCH_NODE', binary: env.MCP_WORKBENCH_NODE },
    { label: 'this process', binary: self?.path },
    { label: 'node on the PATH', binary: 'node' },
    { label: 'the checkout’s Node 22 (npm run conformance fetches it)', binary: checkout ? pinnedNode(checkout)?.binary : undefined },
  ];
  for (const { label, binary } of candidates) {
    if (!binary) continue;
    if (path.isAbsolute(binary) && !existsSync(binary)) {
      tried.push(`${label}: ${binary} is missing`);
      continue;
    }
    const version = binary === self?.path ? self.version : await versionOf(binary, env);
    if (version === undefined) {
      tried.push(`${label}: did not run`);
      continue;
    }
    if (major(version) >= SUITE_NODE_MAJOR) return { path: binary, version };
    tried.push(`${label}: ${version}`);
  }
  throw new SuiteNodeMissing(tried, `Install Node ${SUITE_NODE_MAJOR} or newer (https://nodejs.org) and put it on the PATH, or point MCP_WORKBENCH_NODE at its binary.`);
}
