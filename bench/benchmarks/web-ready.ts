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
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { benchmark } from '../lib/bench-main';
import { interleave, type Measure } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { tempDir } from '../lib/workbench';

const CHECK = fileURLToPath(new URL('../../scripts/build-if-changed.mjs', import.meta.url));
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

/** From spawn to the line saying it is ready; then the process is stopped and waited for. */
function timedReady(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (ready || !/ready at http:\/\/127\.0\.0\.1:\d+/.test(line)) return;
      ready = true;
      const ms = performance.now() - started;
      child.kill('SIGTERM');
      void exited.then(() => resolve(ms));
    });
    void exited.then(() => {
      if (!ready) reject(new Error(`node ${args.join(' ')} ended before it was ready: ${err.trim()}`));
    });
  });
}

benchmark({
  id: 'web-ready',
  title: '`npm run web` to ready with the build current: the build check and the browser host, vs a bare Node HTTP server',
  async run(ctx) {
    const rounds = ctx.smoke ? 2 : 20;
    const home = await tempDir('web-ready');
    try {
      // The keychain as users have it (not switched off): the host must not wait for it to start.
      const env: NodeJS.ProcessEnv = { ...process.env, MCP_WORKBENCH_HOME: home.path };
      delete env.MCP_WORKBENCH_KEYCHAIN;
      const current = (await runCheck()).code === 0;
      const checks: number[] = [];
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
      const samples = await interleave(variants, { rounds, warmupRounds: ctx.smoke ? 0 : 2, onRound: (n) => n % 5 === 0 && ctx.log(`${n} of ${rounds} rounds`) });
      const web = summarize(samples.web!);
      const control = summarize(samples.control!);
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
          figure({ id: 'ready-ratio', label: 'to ready, ÷ a bare Node HTTP server started the same way', value: round(web.median / control.median), unit: '×' }),
          ...(checks.length > 0 ? [figure({ id: 'check-ms', label: 'the build check alone (fingerprint of the sources), median', value: round(summarize(checks).median, 0), unit: 'ms' })] : []),
        ],
        details: { rounds, buildCurrent: current },
        ...(current ? {} : { notes: ['The build in out/ is older than the sources, so the check was not timed: run `npm run web` once (it builds and records the build), then the benchmark again.'] }),
      };
    } finally {
      await home.remove();
    }
  },
});
