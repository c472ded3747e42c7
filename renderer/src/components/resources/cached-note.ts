/** What the UI says of an answer served from the cache while the server's ttlMs keeps it fresh. */
export function cachedNote(freshForMs: number): string {
  return `cached, fresh for ${Math.max(1, Math.ceil(freshForMs / 1000))} s`;
}
