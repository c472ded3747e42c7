/**
 * Scripts find the checkout from their own module URL with fileURLToPath, never with
 * `new URL(import.meta.url).pathname` (percent-escapes kept; "/C:/…" on Windows).
 */
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../scripts/lib/project-root.mjs';

describe('projectRoot', () => {
  it('gives a Windows path with the drive letter once and the escapes decoded', () => {
    expect(projectRoot('file:///C:/Users/A%20B/mcp%25workbench/%C3%A9t%C3%A9/scripts/start-electron.mjs', { windows: true })).toBe(
      'C:\\Users\\A B\\mcp%workbench\\été',
    );
  });

  it('gives a POSIX path with the escapes decoded', () => {
    expect(projectRoot('file:///home/a%20b/100%25/%C3%BC/scripts/start-electron.mjs', { windows: false })).toBe('/home/a b/100%/ü');
  });

  it('follows the running OS by default', () => {
    const url = process.platform === 'win32' ? 'file:///C:/x%20y/scripts/s.mjs' : 'file:///x%20y/scripts/s.mjs';
    expect(projectRoot(url)).toBe(process.platform === 'win32' ? 'C:\\x y' : '/x y');
  });
});
