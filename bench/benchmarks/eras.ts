/**
 * Both protocol eras on one server: SDK v2's dual-era stdio fixture (v2-stdio).
 *
 * 1. Call overhead per era: our core (AppApi callTool, the era pinned by the entry's
 *    Protocol setting: `legacy`, then `2026-07-28`) versus a bare SDK v2 Client speaking
 *    the same era to its own copy of the server, calling the `weather` tool (structured
 *    content checked against its output schema on both sides), one call each in turns.
 *    Figures: ratio of the medians (goal ≤ 1.05) and of the p95s. In the 2026 era every
 *    request carries the client's capabilities: the bare client declares the same ones as
 *    the core (read off the core's own tools/call in its protocol log), so both send the
 *    same bytes and the ratio is the core's work alone.
 * 2. Connect time with Protocol `auto`: with no remembered verdict (Reconnect forgets it,
 *    so the server/discover probe runs) versus with the verdict remembered from the last
 *    connect (no probe). Figure: the difference of the medians, for information.
 */
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import { MODERN_PROTOCOL_VERSION } from '../../shared/config/server-config';
import { benchmark } from '../lib/bench-main';
import { interleave, timed } from '../lib/interleave';
import { figure, type Figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { bareClient, fixtureEntry, startCore, type BenchCore } from '../lib/workbench';
import { CALL_FLOOR } from '../lib/floors';

/** Where a 2026-era request's envelope carries the client's capabilities. */
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

const ERAS = [
  { era: 'legacy', protocol: 'legacy', client: {} },
  { era: 'modern', protocol: MODERN_PROTOCOL_VERSION, client: { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } } },
] as const;


benchmark({
  id: 'eras',
  title: 'Both eras (v2 fixture over stdio): call overhead core vs bare SDK v2 client; connect time in auto',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 1000;
    const connects = ctx.smoke ? 2 : 30;
    const core = await startCore({
      legacy: { ...fixtureEntry('v2-stdio'), protocol: 'legacy' },
      modern: { ...fixtureEntry('v2-stdio'), protocol: MODERN_PROTOCOL_VERSION },
      auto: fixtureEntry('v2-stdio'),
    });
    const clients: Client[] = [];
    try {
      const figures: Figure[] = [];
      for (const { era, protocol, client: options } of ERAS) {
        const view = await core.api.connectServer({ name: era });
        if (view.protocolEra !== era) throw new Error(`${era}: the core spoke ${view.protocolEra ?? 'no era'} with Protocol ${protocol}.`);
        const args = { city: 'Quito' };
        const capabilities = await capabilitiesSent(core, era, args);
        const client = await bareClient('v2-stdio', [], { ...options, ...(capabilities ? { capabilities } : {}) });
        clients.push(client);
        const samples = await interleave(
          {
            core: () => timed(() => core.api.callTool({ server: era, tool: 'weather', arguments: args, confirmed: true })),
            sdk: () => timed(() => client.callTool({ name: 'weather', arguments: args })),
          },
          { rounds: calls, warmupRounds: ctx.smoke ? 2 : 100, onRound: (n) => n % 250 === 0 && ctx.log(`${era}: ${n} of ${calls} calls each`) },
        );
        const subject = summarize(samples.core);
        const baseline = summarize(samples.sdk);
        const sides = {
          subject: { label: `core AppApi callTool (Protocol ${protocol})`, unit: 'ms', summary: roundSummary(subject) },
          baseline: { label: `SDK v2 Client.callTool (${era}${capabilities ? ', declaring the core\'s capabilities' : ''})`, unit: 'ms', summary: roundSummary(baseline) },
        };
        figures.push(
          figure({ id: `${era}-median-ratio`, label: `${era} era: median per call, core ÷ bare SDK v2`, value: round(subject.median / baseline.median), unit: '×', goal: { max: 1.05 }, floor: CALL_FLOOR, ...sides }),
          figure({ id: `${era}-p95-ratio`, label: `${era} era: p95 per call, core ÷ bare SDK v2`, value: round(subject.p95 / baseline.p95), unit: '×', ...sides }),
        );
      }

      const connect = await connectTimes(core, connects, ctx.log);
      const fresh = summarize(connect.fresh);
      const remembered = summarize(connect.remembered);
      figures.push(
        figure({
          id: 'auto-connect-difference',
          label: 'Protocol auto: median connect, no remembered verdict − remembered verdict',
          value: round(fresh.median - remembered.median, 1),
          unit: 'ms',
          subject: { label: 'connect, no verdict (probe)', unit: 'ms', summary: roundSummary(fresh, 1) },
          baseline: { label: 'connect, verdict remembered', unit: 'ms', summary: roundSummary(remembered, 1) },
        }),
      );
      return { figures, details: { callsEach: calls, connectsEach: connects, tool: 'weather' } };
    } finally {
      for (const client of clients) await client.close();
      await core.close();
    }
  },
});

/**
 * The client capabilities the core's tools/call carries in its envelope (2026 era), as its
 * protocol log shows the request; undefined in the 2025 era, where they go once, in initialize.
 */
async function capabilitiesSent(core: BenchCore, server: string, args: Record<string, unknown>): Promise<ClientCapabilities | undefined> {
  await core.api.callTool({ server, tool: 'weather', arguments: args, confirmed: true });
  const request = (await core.api.getProtocolLog({ server })).findLast((entry) => entry.direction === 'out' && entry.method === 'tools/call');
  if (!request) throw new Error(`${server}: the core's tools/call is not in its protocol log.`);
  const meta = (JSON.parse(request.text) as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  return meta?.[CLIENT_CAPABILITIES_KEY] as ClientCapabilities | undefined;
}

/** Connects of the `auto` entry, in turns: Reconnect (the verdict forgotten) and a plain Connect (the verdict kept). */
async function connectTimes(core: BenchCore, rounds: number, log: (line: string) => void) {
  const name = 'auto';
  const expect = async (source: string, connect: () => Promise<{ protocolSource?: string; protocolEra?: string }>) => {
    await core.api.disconnectServer({ name });
    const started = performance.now();
    const view = await connect();
    const elapsed = performance.now() - started;
    // The figure means nothing unless each side took the path it is named for.
    if (view.protocolSource !== source || view.protocolEra !== 'modern') throw new Error(`auto connect: expected a modern ${source} era, got ${view.protocolEra} ${view.protocolSource}.`);
    return elapsed;
  };
  await core.api.connectServer({ name });
  return interleave(
    {
      fresh: () => expect('detected', () => core.api.reconnectServer({ name })),
      remembered: () => expect('remembered', () => core.api.connectServer({ name })),
    },
    { rounds, warmupRounds: 1, onRound: (n) => n % 10 === 0 && log(`auto: ${n} of ${rounds} connects each`) },
  );
}
