/**
 * Runs variants of one measurement in turns, so whatever else the machine is doing
 * (other processes, GC, thermal changes) hits every variant alike. Each round runs every
 * variant once, in an order that changes from round to round so no variant always goes
 * first, and none always follows the same other one: what a variant leaves running when
 * it ends (a host's writes after its answer, say) slows whichever comes next, so each
 * must come next after each other one equally often, across the rounds' ends too. Two
 * variants alternate AB, BA; three go through all six orders in a sequence where every
 * variant follows every other one three times (a plain rotation, ABC BCA CAB, put C
 * before A four times for every two of A before C).
 */

export type Measure = () => Promise<number>;

export interface InterleaveOptions {
  rounds: number;
  /** Rounds run first and thrown away (JIT, caches, lazy set-up). */
  warmupRounds?: number;
  /** Called after each round (progress output). */
  onRound?: (round: number) => void;
}

/** Three variants' orders, by index: read as one cycle, every ordered pair is adjacent three times and no variant follows itself. */
const THREE_BALANCED: readonly (readonly number[])[] = [
  [0, 1, 2],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
];

/** The indexes of the variants in the order round `round` runs them. */
export function roundOrder(count: number, round: number): number[] {
  if (count === 3) return [...THREE_BALANCED[round % THREE_BALANCED.length]!];
  return Array.from({ length: count }, (_, i) => (round + i) % count);
}

export async function interleave<K extends string>(variants: Record<K, Measure>, options: InterleaveOptions): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const warmup = options.warmupRounds ?? 0;
  for (let round = 0; round < warmup + options.rounds; round++) {
    for (const index of roundOrder(names.length, round)) {
      const name = names[index]!;
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
