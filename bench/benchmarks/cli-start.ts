/**
 * The command line, as a shell runs it: whole processes, each started afresh, in turns.
 * - `mcp-workbench --help` (out/electron/cli.cjs, what the npm bin runs) against `node -e 0`,
 *   Node starting and doing nothing: the control that shows Node's own share.
 * - `mcp-workbench tools call echo` on the basic stdio fixture (--stdio, no data folder
 *   entries) against a bare script that loads the SDK client, starts the same server, calls
 *   the same tool and closes (bench/lib/bare-stdio-call.mjs); and, as a second control, the
 *   same script listing the tools before its call (`--list-first`), the round trip the core
 *   makes to check a tool before calling it.
 * Figures: `--help` median in ms (goal ≤ 80 ms), beside Node's own start; the tool call's
 * median ÷ the bare script's (goal ≤ 1.05), and ÷ the listing script's (no goal: how much of
 * what is missed the check before the call is).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchmark } from '../lib/bench-main';
import { interleave, type Measure } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { fixtureServer, tempDir } from '../lib/workbench';

const CLI = fileURLToPath(new URL('../../out/electron/cli.cjs', import.meta.url));
const BARE_SCRIPT = fileURLToPath(new URL('../lib/bare-stdio-call.mjs', import.meta.url));

/** Runs `node <args>` to its end and answers with its wall time in ms; a failed run (or unexpected output) fails the benchmark. */
function timedProcess(args: string[], env: NodeJS.ProcessEnv, expect?: string): Measure {
  return () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => {
        const ms = performance.now() - started;
        if (code !== 0) reject(new Error(`node ${args.join(' ')} exited with ${code}: ${err.trim()}`));
        else if (expect !== undefined && !out.includes(expect)) reject(new Error(`node ${args.join(' ')} printed ${JSON.stringify(out.slice(0, 200))}, not ${JSON.stringify(expect)}`));
        else resolve(ms);
      });
    });
}

benchmark({
  id: 'cli-start',
  title: 'CLI start-up: `--help` and a one-tool call as whole processes, vs Node doing nothing and a bare SDK script',
  async run(ctx) {
    const rounds = ctx.smoke ? 2 : 40;
    // A data folder of its own: the CLI's settings and log are not the user's.
    const home = await tempDir('cli-start');
    try {
      // The keychain as users have it (not switched off): a command that touches no secret must not ask it.
      const env: NodeJS.ProcessEnv = { ...process.env, MCP_WORKBENCH_HOME: home.path };
      delete env.MCP_WORKBENCH_KEYCHAIN;
      const server = fixtureServer('basic-stdio');
      const text = 'hello from the benchmark';
      const samples = await interleave(
        {
          help: timedProcess([CLI, '--help'], env, 'Usage: mcp-workbench'),
          node: timedProcess(['-e', '0'], env),
          call: timedProcess([CLI, 'tools', 'call', 'echo', '--args', JSON.stringify({ text }), '--stdio', `${JSON.stringify(process.execPath)} ${JSON.stringify(server)}`], env, text),
          bare: timedProcess([BARE_SCRIPT, server, 'echo', JSON.stringify({ text })], env, text),
          listing: timedProcess([BARE_SCRIPT, server, 'echo', JSON.stringify({ text }), '--list-first'], env, text),
        },
        { rounds, warmupRounds: ctx.smoke ? 0 : 3, onRound: (n) => n % 10 === 0 && ctx.log(`${n} of ${rounds} rounds`) },
      );
      const help = summarize(samples.help);
      const node = summarize(samples.node);
      const call = summarize(samples.call);
      const bare = summarize(samples.bare);
      const listing = summarize(samples.listing);
      return {
        figures: [
          figure({
            id: 'help-ms',
            label: '`mcp-workbench --help`, median wall time (Node starting alone beside it)',
            value: round(help.median, 1),
            unit: 'ms',
            goal: { max: 80 },
            subject: { label: 'node out/electron/cli.cjs --help', unit: 'ms', summary: roundSummary(help) },
            baseline: { label: 'node -e 0', unit: 'ms', summary: roundSummary(node) },
          }),
          figure({
            id: 'tools-call-ratio',
            label: '`tools call echo` over stdio, median ÷ a bare SDK script doing the same',
            value: round(call.median / bare.median),
            unit: '×',
            goal: { max: 1.05 },
            subject: { label: 'mcp-workbench tools call echo --stdio …', unit: 'ms', summary: roundSummary(call) },
            baseline: { label: 'bench/lib/bare-stdio-call.mjs', unit: 'ms', summary: roundSummary(bare) },
          }),
          figure({
            id: 'tools-call-vs-listing-ratio',
            label: '`tools call echo`, median ÷ the bare script listing the tools before its call (the check the core makes first)',
            value: round(call.median / listing.median),
            unit: '×',
            subject: { label: 'mcp-workbench tools call echo --stdio …', unit: 'ms', summary: roundSummary(call) },
            baseline: { label: 'bench/lib/bare-stdio-call.mjs --list-first', unit: 'ms', summary: roundSummary(listing) },
          }),
        ],
        details: { rounds, order: 'the five processes in turns, each round in a rotated order' },
      };
    } finally {
      await home.remove();
    }
  },
});
