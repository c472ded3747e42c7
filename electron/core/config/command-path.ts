/**
 * Finds the program a stdio entry will run, the way a shell would: a command with a
 * path separator is taken as a path (relative to the entry's cwd), anything else is
 * looked up in PATH (with PATHEXT on Windows).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface CommandLookup {
  PATH: string | undefined;
  cwd?: string;
  platform?: NodeJS.Platform;
  PATHEXT?: string;
}

async function isExecutableFile(file: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    if (platform === 'win32') return true;
    await fs.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function findCommand(command: string, lookup: CommandLookup): Promise<string | undefined> {
  const platform = lookup.platform ?? process.platform;
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const extensions =
    platform === 'win32' && !paths.extname(command) ? ['', ...(lookup.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  const hasSeparator = command.includes('/') || (platform === 'win32' && command.includes('\\'));
  if (hasSeparator) {
    const base = paths.resolve(lookup.cwd ?? process.cwd(), command);
    for (const ext of extensions) if (await isExecutableFile(base + ext, platform)) return base + ext;
    return undefined;
  }
  for (const dir of (lookup.PATH ?? '').split(paths.delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = paths.join(dir, command + ext);
      if (await isExecutableFile(candidate, platform)) return candidate;
    }
  }
  return undefined;
}
