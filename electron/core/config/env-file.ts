/**
 * `envFile` (VS Code's and Cursor's field): a dotenv file whose variables are added to a
 * stdio server's environment at launch. Values in `env` win over the file's, as in
 * VS Code. A relative path is taken from the server's `cwd`, else the open project.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'dotenv';
import { AppError } from '../../../shared/envelope';

export async function readEnvFile(server: string, file: string, base: string | undefined): Promise<Record<string, string>> {
  const absolute = path.isAbsolute(file) || !base ? path.resolve(file) : path.resolve(base, file);
  let text: string;
  try {
    text = await fs.readFile(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new AppError('failed', `Server "${server}": envFile ${absolute} cannot be read (${reason}). Create it, or remove "envFile" from the entry.`);
  }
  return parse(text);
}
