/**
 * Rejects payloads carrying prototype-pollution shapes before any schema or handler
 * touches them. JSON.parse and structured clone both create `__proto__` as a plain
 * own property, so it must be looked for explicitly. `constructor` alone is ordinary
 * data (a tool argument may be called that); `constructor.prototype` is not.
 */
const MAX_DEPTH = 64;

export function findForbiddenKey(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) return `nesting deeper than ${MAX_DEPTH} levels`;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (key === '__proto__') return 'key "__proto__"';
    if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) {
      return 'key "constructor.prototype"';
    }
    const found = findForbiddenKey(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}
