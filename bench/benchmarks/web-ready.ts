/**
 * `npm run web` to ready, with the build current: what it runs as whole processes, in turns
 * — the build check (`scripts/build-if-changed.mjs`, here with `--check` so it can never
 * start a build) and then the built browser host (`out/electron/browser-host.cjs`, from spawn
 * to its "ready at" line, on a data folder of its own) — against a control started the same
 * way: a bare Node HTTP server on 127.0.0.1 printing its address. npm's own start is left
 * out of both (it is the same for any script).
 * Figures: the check + host median in ms (goal ≤ 1,000 ms), the check alone, and the host's
 * ready ÷ the control's. When the build is not current (out/ older than the sources) the
 * check says so and the benchmark times the host alone, saying why.
 * Beside them, in the same turns, `npm start` up to the moment Electron is launched (goal
 * ≤ 1,000 ms): its three steps as whole processes, `scripts/ensure-electron.mjs`, the build
 * check and `scripts/start-electron.mjs`, with ELECTRON_OVERRIDE_DIST_PATH naming a stand-in
 * for the Electron binary (a shell script that prints a line), timed to that line. Electron's
 * own start is not in it: it cannot run here, and it is not ours.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { benchmark } from '../lib/bench-main';
import { interleave, type Measure } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { tempDir } from '../lib/workbench';

const CHECK = fileURLToPath(new URL('../../scripts/build-if-changed.mjs', import.meta.url));
const ENSURE_ELECTRON = fileURLToPath(new URL('../../scripts/ensure-electron.mjs', import.meta.url));
const START_ELECTRON = fileURLToPath(new URL('../../scripts/start-electron.mjs', import.meta.url));
const ELECTRON_PACKAGE = fileURLToPath(new URL('../../node_modules/electron/', import.meta.url));
/** What the Electron stand-in prints when it is started. */
const LAUNCHED = 'electron stand-in launched';
const HOST = fileURLToPath(new URL('../../out/electron/browser-host.cjs', import.meta.url));
const CONTROL = `require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1', function () { console.log('ready at http://127.0.0.1:' + this.address().port + '/'); });`;

/** Exit code of the build check, and its wall time. */
function runCheck(): Promise<{ code: number | null; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CHECK, '--check'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, ms: performance.now() - started }));
  });
}

/** A process run to its end: its wall time, or a rejection naming what it printed when it failed. */
function timedToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`node ${args.join(' ')} exited with ${code}: ${err.trim()}`))));
  });
}

/**
 * A stand-in for the Electron binary where ensure-electron.mjs looks under
 * ELECTRON_OVERRIDE_DIST_PATH (the name the package recorded, else `electron`): a shell script
 * that prints one line and exits.
 */
async function electronStandIn(dir: string): Promise<void> {
  const recorded = path.join(ELECTRON_PACKAGE, 'path.txt');
  const name = existsSync(recorded) ? (await fs.readFile(recorded, 'utf8')).trim() : 'electron';
  const file = path.join(dir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `#!/bin/sh\necho '${LAUNCHED}'\n`, { mode: 0o755 });
}

/** From spawn to the line saying it is ready; then the process is stopped and waited for. */
function timedReady(args: string[], env: NodeJS.ProcessEnv, ready: RegExp = /ready at http:\/\/127\.0\.0\.1:\d+/): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    let isReady = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (isReady || !ready.test(line)) return;
      isReady = true;
      const ms = performance.now() - started;
      child.kill('SIGTERM');
      void exited.then(() => resolve(ms));
    });
    void exited.then(() => {
      if (!isReady) reject(new Error(`node ${args.join(' ')} ended before it was ready: ${err.trim()}`));
    });
  });
}

benchmark({
  id: 'web-ready',
  title: '`npm run web` to ready with the build current: the build check and the browser host, vs a bare Node HTTP server',
  async run(ctx) {
    const rounds = ctx.smoke ? 2 : 20;
    const home = await tempDir('web-ready');
    const standIn = await tempDir('electron-stand-in');
    try {
      // The keychain as users have it (not switched off): the host must not wait for it to start.
      const env: NodeJS.ProcessEnv = { ...process.env, MCP_WORKBENCH_HOME: home.path };
      delete env.MCP_WORKBENCH_KEYCHAIN;
      const current = (await runCheck()).code === 0;
      const checks: number[] = [];
      // The stand-in is a shell script: on Windows, where it cannot run, npm start is not timed.
      const timesStart = process.platform !== 'win32';
      if (timesStart) await electronStandIn(standIn.path);
      const startEnv: NodeJS.ProcessEnv = { ...env, ELECTRON_OVERRIDE_DIST_PATH: standIn.path };
      const variants: Record<string, Measure> = {
        web: async () => {
          let checkMs = 0;
          if (current) {
            const check = await runCheck();
            if (check.code !== 0) throw new Error('The build stopped being current while the benchmark ran.');
            checkMs = check.ms;
            checks.push(checkMs);
          }
          return checkMs + (await timedReady([HOST, '--no-open', '--port', '0'], env));
        },
        control: () => timedReady(['-e', CONTROL], env),
      };
      // npm start's steps, as package.json runs them (the check with --check: it never builds here).
      if (timesStart) {
        variants.start = async () => {
          const ensure = await timedToEnd([ENSURE_ELECTRON], startEnv);
          const check = current ? await timedToEnd([CHECK, '--check'], startEnv) : 0;
          return ensure + check + (await timedReady([START_ELECTRON], startEnv, new RegExp(LAUNCHED)));
        };
      }
      const samples = await interleave(variants, { rounds, warmupRounds: ctx.smoke ? 0 : 2, onRound: (n) => n % 5 === 0 && ctx.log(`${n} of ${rounds} rounds`) });
      const web = summarize(samples.web!);
      const start = samples.start ? summarize(samples.start) : undefined;
      const control = summarize(samples.control!);
      const startFigures = start
        ? [
            figure({
              id: 'start-to-launch-ms',
              label: current ? '`npm start` until Electron is launched, build current (ensure + check + launch), median' : '`npm start` until Electron is launched, median (build not current: check not timed)',
              value: round(start.median, 0),
              unit: 'ms',
              goal: { max: 1000 },
              subject: { label: "scripts/ensure-electron.mjs, the build check, scripts/start-electron.mjs to the stand-in's line", unit: 'ms', summary: roundSummary(start) },
              baseline: { label: 'a bare Node HTTP server to ready', unit: 'ms', summary: roundSummary(control) },
            }),
          ]
        : [];
      const subjectLabel = current ? 'scripts/build-if-changed.mjs, then out/electron/browser-host.cjs to ready' : 'out/electron/browser-host.cjs to ready (the build was not current: no check timed)';
      return {
        figures: [
          figure({
            id: 'web-ready-ms',
            label: current ? '`npm run web` to ready, build current (check + host), median' : 'browser host to ready, median (build not current: check not timed)',
            value: round(web.median, 0),
            unit: 'ms',
            goal: { max: 1000 },
            subject: { label: subjectLabel, unit: 'ms', summary: roundSummary(web) },
            baseline: { label: 'a bare Node HTTP server to ready', unit: 'ms', summary: roundSummary(control) },
          }),
          ...startFigures,
          figure({ id: 'ready-ratio', label: 'to ready, ÷ a bare Node HTTP server started the same way', value: round(web.median / control.median), unit: '×' }),
          ...(checks.length > 0 ? [figure({ id: 'check-ms', label: 'the build check alone (fingerprint of the sources), median', value: round(summarize(checks).median, 0), unit: 'ms' })] : []),
        ],
        details: { rounds, buildCurrent: current },
        ...(current ? {} : { notes: ['The build in out/ is older than the sources, so the check was not timed: run `npm run web` once (it builds and records the build), then the benchmark again.'] }),
      };
    } finally {
      await home.remove();
      await standIn.remove();
    }
  },
});
