/**
 * What a call path sustains when calls overlap: calls per second with a fixed number of
 * calls always in flight (each of `inFlight` workers starts its next call as its last one
 * ends), and the CPU time this process spends per call. Two ways a call path can be slower
 * than a bare client's that one call at a time does not show: CPU becomes wall time once
 * the CPUs are busy.
 */
import { interleave, type Measure } from './interleave';

/** Calls/s of `total` calls made with `inFlight` of them outstanding at every moment. */
export async function callsPerSecond(call: () => Promise<unknown>, inFlight: number, total: number): Promise<number> {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      await call();
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, total) }, worker));
  return total / ((performance.now() - start) / 1000);
}

/** Each side's calls/s per round, the sides in turns (interleave's orders) so the machine's moods hit both alike. */
export function throughputInTurns<K extends string>(
  sides: Record<K, () => Promise<unknown>>,
  options: { inFlight: number; callsPerRound: number; rounds: number; warmupRounds: number },
): Promise<Record<K, number[]>> {
  const measures = Object.fromEntries(
    Object.entries<() => Promise<unknown>>(sides).map(([name, call]) => [name, () => callsPerSecond(call, options.inFlight, options.callsPerRound)]),
  ) as Record<K, Measure>;
  return interleave(measures, { rounds: options.rounds, warmupRounds: options.warmupRounds });
}

/**
 * Wraps a measure so the CPU time (user + system) of this process during its calls is
 * added up, from its `skip + 1`th call on (the warm-up rounds run each measure once per
 * round). Both sides of a comparison run in this one process, so the count includes the
 * work of V8's helper threads (concurrent GC) that falls inside a call, whichever side
 * caused it: the sides alternate, so it falls on each about as its share.
 */
export function countingCpu(measure: Measure, skip: number): { measure: Measure; microsPerCall(): number } {
  let calls = 0;
  let counted = 0;
  let micros = 0;
  return {
    measure: async () => {
      const before = process.cpuUsage();
      const value = await measure();
      if (calls++ >= skip) {
        const used = process.cpuUsage(before);
        micros += used.user + used.system;
        counted++;
      }
      return value;
    },
    microsPerCall: () => (counted === 0 ? Number.NaN : micros / counted),
  };
}
