/**
 * Runs variants of one measurement in turns, so whatever else the machine is doing
 * (other processes, GC, thermal changes) hits every variant alike. Each round runs every
 * variant once; the order rotates from round to round (ABC, BCA, CAB, … and for two
 * variants AB, BA, …) so no variant always goes first.
 */

export type Measure = () => Promise<number>;

export interface InterleaveOptions {
  rounds: number;
  /** Rounds run first and thrown away (JIT, caches, lazy set-up). */
  warmupRounds?: number;
  /** Called after each round (progress output). */
  onRound?: (round: number) => void;
}

export async function interleave<K extends string>(variants: Record<K, Measure>, options: InterleaveOptions): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const warmup = options.warmupRounds ?? 0;
  for (let round = 0; round < warmup + options.rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      const value = await variants[name]();
      if (round >= warmup) samples[name].push(value);
    }
    if (round >= warmup) options.onRound?.(round - warmup + 1);
  }
  return samples;
}

/** Times one async operation in milliseconds. */
export async function timed(operation: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await operation();
  return performance.now() - start;
}
