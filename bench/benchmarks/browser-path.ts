/**
 * 2. Browser-mode path: the same echo call through the renderer's AppApi client over
 * the browser host's WebSocket (JSON both ways, the host's dispatcher with its schema
 * check) versus the core's AppApi directly, on the same core and server, in turns.
 * The client is renderer/src/api/ws-client.ts run in Node with the `ws` package as its
 * WebSocket (client, host and core share one process, so their work adds up on one
 * thread: an upper bound for a page in its own process).
 * Figure: added median milliseconds per call. Goal ≤ 0.5 ms.
 */
import path from 'node:path';
import { createDispatcher } from '../../electron/core/api/dispatcher';
import { startHost } from '../../electron/host/host-server';
import { benchmark } from '../lib/bench-main';
import { interleave, timed } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { connectWsApi } from '../lib/ws-api';
import { fixtureEntry, startCore } from '../lib/workbench';

benchmark({
  id: 'browser-path',
  title: 'Browser-mode path: AppApi over the host WebSocket vs the core directly',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 2000;
    const core = await startCore({ echo: fixtureEntry('basic-stdio') });
    const host = await startHost({ dispatch: createDispatcher(core.api), events: core.events, rendererDir: path.resolve('out', 'renderer'), port: 0 });
    const ws = await connectWsApi(host);
    try {
      await core.api.connectServer({ name: 'echo' });
      const request = { server: 'echo', tool: 'echo', arguments: { text: 'hello from the benchmark' } };
      const samples = await interleave(
        {
          websocket: () => timed(() => ws.api.callTool(request)),
          direct: () => timed(() => core.api.callTool(request)),
        },
        { rounds: calls, warmupRounds: ctx.smoke ? 2 : 200, onRound: (n) => n % 500 === 0 && ctx.log(`${n} of ${calls} calls each`) },
      );
      const subject = summarize(samples.websocket);
      const baseline = summarize(samples.direct);
      return {
        figures: [
          figure({
            id: 'added-median-ms',
            label: 'added median per call, WebSocket − direct',
            value: round(subject.median - baseline.median),
            unit: 'ms',
            goal: { max: 0.5 },
            subject: { label: 'renderer AppApi over the host WebSocket', unit: 'ms', summary: roundSummary(subject) },
            baseline: { label: 'core AppApi directly', unit: 'ms', summary: roundSummary(baseline) },
          }),
          figure({ id: 'added-p95-ms', label: 'added p95 per call, WebSocket − direct', value: round(subject.p95 - baseline.p95), unit: 'ms' }),
        ],
        details: { callsEach: calls, client: 'renderer/src/api/ws-client.ts in Node, ws package as the global WebSocket, same process as host and core' },
      };
    } finally {
      ws.close();
      await host.close();
      await core.close();
    }
  },
});
