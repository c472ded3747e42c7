/**
 * 1. Call overhead: our core (AppApi callTool: permissions, the connection manager, our
 * stdio transport, the protocol log, the result pipeline, history) versus a bare SDK
 * Client on the SDK's stdio transport, calling the same echo tool of the same fixture
 * (each on its own copy of the server process), one call each in turns.
 * Figure: ratio of the median per-call times. Goal ≤ 1.05.
 */
import { benchmark } from '../lib/bench-main';
import { interleave, timed } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { bareClient, fixtureEntry, startCore } from '../lib/workbench';

benchmark({
  id: 'call-overhead',
  title: 'Call overhead: core vs bare SDK client (echo over stdio)',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 2000;
    const core = await startCore({ echo: fixtureEntry('basic-stdio') });
    const client = await bareClient('basic-stdio');
    try {
      await core.api.connectServer({ name: 'echo' });
      const text = 'hello from the benchmark';
      const samples = await interleave(
        {
          core: () => timed(() => core.api.callTool({ server: 'echo', tool: 'echo', arguments: { text } })),
          sdk: () => timed(() => client.callTool({ name: 'echo', arguments: { text } })),
        },
        { rounds: calls, warmupRounds: ctx.smoke ? 2 : 200, onRound: (n) => n % 500 === 0 && ctx.log(`${n} of ${calls} calls each`) },
      );
      const subject = summarize(samples.core);
      const baseline = summarize(samples.sdk);
      return {
        figures: [
          figure({
            id: 'median-ratio',
            label: 'median per call, core ÷ bare SDK',
            value: round(subject.median / baseline.median),
            unit: '×',
            goal: { max: 1.05 },
            subject: { label: 'core AppApi callTool', unit: 'ms', summary: roundSummary(subject) },
            baseline: { label: 'SDK Client.callTool', unit: 'ms', summary: roundSummary(baseline) },
          }),
          figure({
            id: 'p95-ratio',
            label: 'p95 per call, core ÷ bare SDK',
            value: round(subject.p95 / baseline.p95),
            unit: '×',
          }),
        ],
        details: { callsEach: calls },
      };
    } finally {
      await client.close();
      await core.close();
    }
  },
});
