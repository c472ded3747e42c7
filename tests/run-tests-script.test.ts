/**
 * `npm test`'s driver (scripts/run-tests.mjs) with every tool it starts replaced by a fake
 * (npm, npx, node on PATH) that writes the report a real one would: independent steps run
 * side by side (each fake waits for its partner to start, so run one after the other they
 * would fail), each step's time is printed, and the last line still counts every test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let work: string;

/** What each fake does, by the command line it gets. */
const FAKE = `
import fs from 'node:fs';
import path from 'node:path';
const [tool, ...args] = process.argv.slice(2);
const line = [tool, ...args].join(' ');
const started = path.join(process.cwd(), 'started');
fs.mkdirSync(started, { recursive: true });
const start = (name) => fs.writeFileSync(path.join(started, name), '');
/** Waits for the partner step to start (a file it writes), or fails after 20 s: run alone, it never would. */
const partner = (name) => new Promise((resolve) => {
  const file = path.join(started, name);
  const watcher = fs.watch(started, () => fs.existsSync(file) && done(0));
  const timer = setTimeout(() => done(1), 20000);
  const done = (code) => { watcher.close(); clearTimeout(timer); resolve(code); };
  if (fs.existsSync(file)) done(0);
});
const report = (name, value) => { fs.mkdirSync('reports', { recursive: true }); fs.writeFileSync(path.join('reports', name), JSON.stringify(value)); };
const steps = {
  'npm run build --silent': async () => { start('build'); return partner('typecheck'); },
  'npm run typecheck --silent': async () => { start('typecheck'); return partner('build'); },
  'npm run lint --silent': async () => { start('lint'); return partner('packaging'); },
  'node scripts/check-packaging.mjs': async () => { start('packaging'); return partner('lint'); },
  'node scripts/security-scan.mjs': async () => 0,
  'npm run deadcode --silent': async () => 0,
  'npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json': async () => { report('unit.json', { numPassedTests: 7, numFailedTests: 0 }); return 0; },
  'npx playwright test': async () => { report('e2e.json', { stats: { expected: 3, flaky: 0, unexpected: 1 } }); return 1; },
  'node scripts/conformance.mjs': async () => { report('conformance.json', { passed: 2, failed: 0 }); return 0; },
};
const step = steps[line];
if (!step) { console.error('unexpected command: ' + line); process.exit(9); }
console.log('fake ' + line);
process.exit(await step());
`;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-run-tests-'));
  const bin = path.join(work, 'bin');
  await fs.mkdir(bin);
  await fs.mkdir(path.join(work, 'scripts'));
  await fs.copyFile(path.resolve('scripts/run-tests.mjs'), path.join(work, 'scripts', 'run-tests.mjs'));
  await fs.writeFile(path.join(bin, 'fake.mjs'), FAKE);
  for (const tool of ['npm', 'npx', 'node']) {
    await fs.writeFile(path.join(bin, tool), `#!/bin/sh\nexec "${process.execPath}" "${path.join(bin, 'fake.mjs')}" ${tool} "$@"\n`, { mode: 0o755 });
  }
});

afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

function runTests(): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/run-tests.mjs'], {
      cwd: work,
      env: { ...process.env, PATH: `${path.join(work, 'bin')}${path.delimiter}${process.env.PATH}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout }));
  });
}

describe.runIf(os.availableParallelism() >= 2 && process.platform !== 'win32')('npm test (scripts/run-tests.mjs)', () => {
  it('runs build ∥ typecheck and lint ∥ packaging, prints each step’s time, and ends with the count', { timeout: 60_000 }, async () => {
    const { code, stdout } = await runTests();
    expect(code, stdout).toBe(1);
    // 6 checks + 7 unit + 3 e2e + 2 conformance + no stray process = 19; the failed e2e test = 1.
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('19 passed, 1 failed');
    for (const step of ['build', 'typecheck', 'lint', 'dead code', 'packaging', 'security scan', 'unit', 'e2e', 'conformance']) {
      expect(stdout).toMatch(new RegExp(`^[✓✗] ${step} \\(\\d+\\.\\d s\\)$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^  [✓✗] ${step.padEnd(14)} +\\d+\\.\\d s$`, 'm'));
    }
    expect(stdout).toContain('✗ e2e');
    expect(stdout).toContain('Failed: e2e: 1 failed');
  });
});
