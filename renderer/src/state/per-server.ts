/**
 * Helpers for state kept per server (a record keyed by server name): each server's
 * entry is replaced on its own, so one server's data never lands in another's view.
 */
export function withEntry<T>(record: Record<string, T>, key: string, update: (current: T | undefined) => T): Record<string, T> {
  return { ...record, [key]: update(record[key]) };
}

export function withoutEntry<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
