/**
 * Which release of the conformance suite tests which protocol revision, and where it is: in a
 * checkout (a devDependency), or fetched into the data folder when the user asked for it (the
 * packaged app ships none). Both revisions run on 0.2.0-alpha.12 (the `conformance-2026` alias):
 * its `--requirements <revision>` lists exactly the scenarios a revision requires, frozen at its
 * release, and runs them at that revision's wire; 0.1.16 has no such list.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ConformanceSpecVersion } from '../../../shared/api/conformance';

export interface SuiteRelease {
  /** The npm package and the exact version that tests this revision. */
  name: string;
  version: string;
  /** Its folder under node_modules in a checkout. */
  checkoutDir: string;
}

export const SUITE_RELEASES: Record<ConformanceSpecVersion, SuiteRelease> = {
  '2025-11-25': { name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12', checkoutDir: '@modelcontextprotocol/conformance-2026' },
  '2026-07-28': { name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12', checkoutDir: '@modelcontextprotocol/conformance-2026' },
};

export interface FoundSuite {
  release: SuiteRelease;
  /** The package's folder and its CLI (dist/index.js). */
  dir: string;
  cli: string;
}

/** The folder a fetched release goes to in the data folder. */
function installPrefix(dataDir: string, release: SuiteRelease): string {
  return path.join(dataDir, 'conformance-suite', release.version);
}

function packageAt(dir: string, release: SuiteRelease): FoundSuite | undefined {
  const manifest = path.join(dir, 'package.json');
  const cli = path.join(dir, 'dist', 'index.js');
  if (!existsSync(manifest) || !existsSync(cli)) return undefined;
  try {
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
    return version === release.version ? { release, dir, cli } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The checkout this code runs from, if it runs from one: the first folder up from here that has
 * node_modules (the CLI bundle sits in out/electron, the sources in electron/core/conformance).
 */
export function checkoutRoot(from: string = __dirname): string | undefined {
  let dir = from;
  for (let up = 0; up < 6; up++) {
    if (existsSync(path.join(dir, 'node_modules')) && existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

export function findSuite(specVersion: ConformanceSpecVersion, places: { dataDir: string; checkout?: string }): FoundSuite | undefined {
  const release = SUITE_RELEASES[specVersion];
  const fromCheckout = places.checkout ? packageAt(path.join(places.checkout, 'node_modules', release.checkoutDir), release) : undefined;
  return fromCheckout ?? packageAt(path.join(installPrefix(places.dataDir, release), 'node_modules', ...release.name.split('/')), release);
}

/**
 * Fetches the release with npm into the data folder (only when the user asked: it reaches the
 * npm registry). Resolves with where it went; rejects with npm's own words when it fails.
 */
export async function installSuite(specVersion: ConformanceSpecVersion, options: { dataDir: string; env: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<FoundSuite> {
  const release = SUITE_RELEASES[specVersion];
  const prefix = installPrefix(options.dataDir, release);
  await fs.mkdir(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${release.name}@${release.version}`];
  await new Promise<void>((resolve, reject) => {
    execFile(npm, args, { env: options.env, ...(options.signal ? { signal: options.signal } : {}), shell: process.platform === 'win32', maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = String(stderr).trim().split('\n').slice(-5).join('\n');
      reject(new Error(`npm could not install ${release.name}@${release.version}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'npm is not on the PATH' : said || error.message}`));
    });
  });
  const found = packageAt(path.join(prefix, 'node_modules', ...release.name.split('/')), release);
  if (!found) throw new Error(`npm finished, but ${release.name}@${release.version} is not in ${prefix}.`);
  return found;
}
