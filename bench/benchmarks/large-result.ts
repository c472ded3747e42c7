/**
 * 6. Large results: the tool-lab fixture's 20 MB text result.
 * - Bytes that cross IPC: the envelope the dispatcher returns for the call, serialized
 *   as the browser host sends it (JSON; Electron's IPC clones the same object). Goal
 *   ≤ 256 KB, against the 20 MB the server sent.
 * - The main process's peak memory growth during the call (from the call to the
 *   serialized envelope), in a fresh process per sample: our core versus a bare SDK
 *   Client making the same call. Figure: growth ÷ the result's size. Goal ≤ 2.
 */
import { createDispatcher } from '../../electron/core/api/dispatcher';
import type { ToolRunResult } from '../../shared/tool-results';
import { benchmark } from '../lib/bench-main';
import { report, runRole } from '../lib/child-role';
import { interleave } from '../lib/interleave';
import { collectGarbage, MB, peakMeter } from '../lib/memory';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { bareClient, fixtureEntry, startCore } from '../lib/workbench';

interface CoreSample {
  growth: number;
  wireBytes: number;
  textBytes: number;
  serverBytes: number;
  method: string;
}

interface SdkSample {
  growth: number;
  textBytes: number;
}

const WARMUP_CALLS = 5;

benchmark({
  id: 'large-result',
  title: 'Large results: a 20 MB text result, bytes crossing IPC and peak memory',
  roles: {
    async core() {
      const core = await startCore({ lab: fixtureEntry('tool-lab') });
      try {
        const dispatch = createDispatcher(core.api);
        await core.api.connectServer({ name: 'lab' });
        // The same path with small results first: code loaded, caches filled.
        for (let i = 0; i < WARMUP_CALLS; i++) await dispatch('callTool', { server: 'lab', tool: 'structured_ok', arguments: {} });
        collectGarbage();
        const meter = peakMeter();
        const measuring = meter.start();
        const envelope = await dispatch('callTool', { server: 'lab', tool: 'big_text', arguments: {} });
        const wire = JSON.stringify({ kind: 'response', id: 1, envelope });
        const growth = await measuring.stop();
        if (!envelope.ok) throw new Error(`big_text failed: ${envelope.error.message}`);
        const result = envelope.value as ToolRunResult;
        const text = result.content[0];
        const textBytes = text?.type === 'text' ? (text.truncated?.totalBytes ?? Buffer.byteLength(text.text)) : 0;
        report({ growth, wireBytes: Buffer.byteLength(wire), textBytes, serverBytes: result.sizeBytes, method: meter.method } satisfies CoreSample);
      } finally {
        await core.close();
      }
    },
    async sdk() {
      const client = await bareClient('tool-lab');
      try {
        for (let i = 0; i < WARMUP_CALLS; i++) await client.callTool({ name: 'structured_ok', arguments: {} });
        collectGarbage();
        const measuring = peakMeter().start();
        const result = await client.callTool({ name: 'big_text', arguments: {} });
        const growth = await measuring.stop();
        const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? '';
        report({ growth, textBytes: Buffer.byteLength(text) } satisfies SdkSample);
      } finally {
        await client.close();
      }
    },
  },
  async run(ctx) {
    const rounds = ctx.smoke ? 1 : 5;
    const core: CoreSample[] = [];
    const sdk: SdkSample[] = [];
    await interleave(
      {
        core: async () => {
          core.push(await runRole<CoreSample>('core'));
          return 0;
        },
        sdk: async () => {
          sdk.push(await runRole<SdkSample>('sdk'));
          return 0;
        },
      },
      { rounds, onRound: (n) => ctx.log(`${n} of ${rounds} rounds`) },
    );
    const textBytes = core[0]!.textBytes;
    const wire = summarize(core.map((s) => s.wireBytes / 1024));
    const growth = summarize(core.map((s) => s.growth / MB));
    const sdkGrowth = summarize(sdk.map((s) => s.growth / MB));
    return {
      figures: [
        figure({
          id: 'ipc-kb',
          label: 'bytes crossing IPC for the call',
          value: round(wire.max, 1),
          unit: 'KB',
          goal: { max: 256 },
          subject: { label: 'serialized envelope (largest of the samples)', unit: 'KB', summary: roundSummary(wire, 1) },
          baseline: { label: 'the result as the server sent it', unit: 'KB', value: round(core[0]!.serverBytes / 1024, 0) },
        }),
        figure({
          id: 'peak-growth-ratio',
          label: "main process's peak memory growth ÷ result size",
          value: round((growth.median * MB) / textBytes, 2),
          unit: '×',
          goal: { max: 2 },
          subject: { label: 'core (dispatcher call + serialized envelope)', unit: 'MB', summary: roundSummary(growth, 1) },
          baseline: { label: `bare SDK Client, same call (${round((sdkGrowth.median * MB) / textBytes, 2)}× the result)`, unit: 'MB', summary: roundSummary(sdkGrowth, 1) },
        }),
      ],
      details: { resultTextBytes: textBytes, serverResultBytes: core[0]!.serverBytes, rounds, memoryMethod: core[0]!.method },
    };
  },
});
