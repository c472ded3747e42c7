/**
 * Per-key request generations: each request for a key takes a new number, and only the
 * answer of the newest one is applied, so an older answer that arrives late (a list asked
 * for before a "changed" notice) never overwrites newer state.
 */
export interface Generations {
  /** Starts a request for `key`: the generation its answer must still hold to be applied. */
  next(key: string): number;
  /** The answer of the request that took `generation` is still the newest for `key`. */
  isCurrent(key: string, generation: number): boolean;
  /** Whatever is in flight for `key` is out of date (its data was dropped). */
  invalidate(key: string): void;
}

export function createGenerations(): Generations {
  const current = new Map<string, number>();
  const next = (key: string) => {
    const generation = (current.get(key) ?? 0) + 1;
    current.set(key, generation);
    return generation;
  };
  return {
    next,
    isCurrent: (key, generation) => current.get(key) === generation,
    invalidate: (key) => void next(key),
  };
}
