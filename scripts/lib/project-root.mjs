// The checkout's folder, from a script's own module URL. `new URL(import.meta.url).pathname`
// is not a path: it keeps percent-escapes ("A%20B" for "A B", "%C3%A9" for "é") and, on
// Windows, reads "/C:/Users/…", which path functions turn into "C:\C:\Users\…". fileURLToPath
// decodes both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder above the one holding the module: the checkout, for a script in scripts/.
 * @param {string | URL} moduleUrl the script's `import.meta.url`
 * @param {{ windows?: boolean }} [rules] Windows path rules or POSIX ones; the running OS's by default
 * @returns {string}
 */
export function projectRoot(moduleUrl, { windows = process.platform === 'win32' } = {}) {
  const paths = windows ? path.win32 : path.posix;
  return paths.resolve(paths.dirname(fileURLToPath(moduleUrl, { windows })), '..');
}
