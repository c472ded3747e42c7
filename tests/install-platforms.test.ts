/**
 * `npm ci` must succeed on Linux (x64, arm64), macOS and Windows. npm refuses (EBADPLATFORM)
 * a package whose `os`/`cpu` exclude the machine unless it is optional, and its `--os`/`--cpu`
 * overrides do not exercise that check, so the lockfile itself is checked: every package that
 * is limited to some platforms must be optional (npm then skips it where it does not fit).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type LockEntry = { os?: string | string[]; cpu?: string | string[]; optional?: boolean; devOptional?: boolean };
const lock = JSON.parse(readFileSync(path.resolve(__dirname, '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

const PLATFORMS = [
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
];

/** npm's rule: a list allows a value it names, or every value but one it names with "!". */
function allows(field: string | string[] | undefined, value: string): boolean {
  const list = typeof field === 'string' ? [field] : (field ?? []);
  if (list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((entry) => !entry.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

describe('npm ci on every supported platform', () => {
  it.each(PLATFORMS)('installs on $os-$cpu: no required package is limited to other platforms', ({ os, cpu }) => {
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => !entry.optional && !entry.devOptional)
      .filter(([, entry]) => !allows(entry.os, os) || !allows(entry.cpu, cpu))
      .map(([name]) => name);
    expect(refused).toEqual([]);
  });

  // A native package that ships its binaries as optional per-platform packages works only
  // where the lockfile names one that fits (npm ci installs nothing the lockfile lacks).
  it.each(PLATFORMS)('has the keychain addon (@napi-rs/keyring) for $os-$cpu', ({ os, cpu }) => {
    const fitting = Object.entries(lock.packages).filter(
      ([name, entry]) => name.startsWith('node_modules/@napi-rs/keyring-') && entry.optional && allows(entry.os, os) && allows(entry.cpu, cpu),
    );
    expect(fitting.map(([name]) => name)).not.toEqual([]);
  });

  it('the rule sees a platform-limited required package (the check can fail)', () => {
    expect(allows(['linux'], 'darwin')).toBe(false);
    expect(allows('linux', 'darwin')).toBe(false);
    expect(allows('linux', 'linux')).toBe(true);
    expect(allows(['!win32'], 'win32')).toBe(false);
    expect(allows(['x64'], 'arm64')).toBe(false);
    expect(allows(undefined, 'win32')).toBe(true);
  });
});
