/**
 * For the tests of `npm run dist`'s staging: a small checkout whose production packages are
 * only sharp and @napi-rs/keyring (with their dependencies and every platform's optional
 * native package), its lockfile cut from the real one, so that `npm ci --offline` from this
 * machine's npm cache installs it in seconds.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
}

/** The lockfile entries `names` need: each package and, recursively, what it depends on (as npm resolves it: nested first, then hoisted). */
function closure(packages: Record<string, LockEntry>, names: string[]): Record<string, LockEntry> {
  const picked: Record<string, LockEntry> = {};
  const visit = (from: string, name: string) => {
    const nested = from ? `${from}/node_modules/${name}` : '';
    const place = nested && packages[nested] ? nested : `node_modules/${name}`;
    const entry = packages[place];
    if (!entry || picked[place]) return;
    picked[place] = entry;
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(place, dependency);
  };
  for (const name of names) visit('', name);
  return picked;
}

/** What the small checkout's node_modules holds: the scripts' one import, and a marker. */
export const SMALL_CHECKOUT_MODULES = ['cross-spawn', 'marker.txt'];

/**
 * Writes the small checkout into `folder`: package.json, package-lock.json, the scripts, and
 * a node_modules holding only a marker file (to show the run left it alone) and a link to
 * the real cross-spawn (which the scripts import).
 */
export function writeSmallCheckout(folder: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const names = ['sharp', '@napi-rs/keyring'];
  const dependencies = Object.fromEntries(names.map((name) => [name, manifest.dependencies[name] ?? '']));
  const small = { name: manifest.name, version: manifest.version, private: true, dependencies };
  mkdirSync(path.join(folder, 'node_modules'), { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(small, null, 2));
  writeFileSync(
    path.join(folder, 'package-lock.json'),
    JSON.stringify({ name: small.name, version: small.version, lockfileVersion: 3, requires: true, packages: { '': small, ...closure(lock.packages, names) } }, null, 2),
  );
  cpSync(path.join(ROOT, 'scripts'), path.join(folder, 'scripts'), { recursive: true });
  writeFileSync(path.join(folder, 'node_modules', 'marker.txt'), 'the developer’s node_modules');
  symlinkSync(path.join(ROOT, 'node_modules', 'cross-spawn'), path.join(folder, 'node_modules', 'cross-spawn'), 'junction');
  return folder;
}
