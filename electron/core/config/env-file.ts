/**
 * `envFile` (VS Code's and Cursor's field): a dotenv file whose variables are added to a
 * stdio server's environment at launch. Values in `env` win over the file's, as in
 * VS Code. A relative path is taken from the server's `cwd`, else the open project.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'dotenv';
import { failure } from '../../../shared/errors';

export async function readEnvFile(server: string, file: string, base: string | undefined): Promise<Record<string, string>> {
  const absolute = path.isAbsolute(file) || !base ? path.resolve(file) : path.resolve(base, file);
  let text: string;
  try {
    text = await fs.readFile(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw failure('storage', `Server "${server}": envFile ${absolute} cannot be read (${reason}). Create it, or remove "envFile" from the entry.`);
  }
  return parse(text);
}

const digests = new Map<string, { stamp: string; digest: string }>();

/**
 * What a project approval covers of the file an entry's `envFile` names: a hash of its
 * contents (a pulled `.env` with `NODE_OPTIONS=--require …` runs code at the next start
 * just as a changed command would). The path is found as a launch finds it: relative to
 * the entry's `cwd`, else the project; `${CLAUDE_PROJECT_DIR}` is the project. A missing
 * file has a digest of its own, so creating it later asks again. Read synchronously (views
 * need approvals at once), again only when the file's size or time changes.
 */
export function envFileDigest(config: { envFile?: unknown; cwd?: unknown }, project: string): string | undefined {
  if (typeof config.envFile !== 'string' || config.envFile.trim() === '') return undefined;
  const expand = (value: string) => value.replaceAll('${CLAUDE_PROJECT_DIR}', project);
  const file = expand(config.envFile);
  const base = typeof config.cwd === 'string' ? path.resolve(project, expand(config.cwd)) : project;
  const absolute = path.isAbsolute(file) ? file : path.resolve(base, file);
  let stamp: string;
  try {
    const stat = statSync(absolute);
    stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  } catch {
    return `missing:${absolute}`;
  }
  const known = digests.get(absolute);
  if (known?.stamp === stamp) return known.digest;
  let digest: string;
  try {
    digest = createHash('sha256').update(readFileSync(absolute)).digest('hex');
  } catch {
    digest = `unreadable:${absolute}`;
  }
  digests.set(absolute, { stamp, digest });
  return digest;
}
