/**
 * A Node module hook (module.register, the documented way to watch the ES module loader)
 * that writes down every file a process's loader reads: for tests that check from outside
 * what a real run of the built CLI loads, and when.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Writes the hook into `dir`: it appends `<prefix><url>` and a newline, for each file loaded,
 * to the file the environment variable `listVariable` names. The hook runs in the loader's own
 * thread. Answers the URL to give `--import` (in NODE_OPTIONS) to install it.
 */
export async function writeLoadRecorder(dir: string, listVariable: string, prefix = ''): Promise<string> {
  const hooks = path.join(dir, 'load-hooks.mjs');
  const register = path.join(dir, 'load-register.mjs');
  await fs.writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env[${JSON.stringify(listVariable)}], ${JSON.stringify(prefix)} + url + '\\n'); return next(url, context); }\n`,
  );
  await fs.writeFile(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return pathToFileURL(register).href;
}
