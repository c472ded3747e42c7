/**
 * `npm run web` and `npm start` build the renderer every time: the build must print no
 * warning at users (vite warns about any chunk over 500 kB), and the JSON editor's
 * libraries must stay off the first screen.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'renderer-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('renderer build', () => {
  it('prints no chunk-size warning and keeps the editor lazy', () => {
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    // As `npm run web` builds it: vitest sets NODE_ENV=test, which would make vite bundle React's development build.
    const { NODE_ENV: _vitestMode, ...env } = process.env;
    const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: ROOT, encoding: 'utf8', env });
    expect(result.status, result.stderr).toBe(0);
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).not.toMatch(/larger than 500 kB|\(!\)/);
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/codemirror|JsonEditor/);
  }, 120_000);
});
