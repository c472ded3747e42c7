/**
 * What may differ between a recorded answer and a live one without it being a
 * regression: the JSON-RPC id, anything under `_meta`, progress tokens, a timestamp for
 * a timestamp, a UUID for a UUID, a value the recording masked as a secret, and what
 * the user names with `--ignore <JSON pointer>` (`*` stands for any one segment).
 */
import { MASK } from './mask';

export interface VolatileRules {
  /** JSON pointers into a message (RFC 6901, plus `*` for any one segment) whose values are not compared. */
  ignore: string[];
}

const NO_EXTRA_RULES: VolatileRules = { ignore: [] };

/** Keys ignored wherever they appear. */
const IGNORED_KEYS = new Set(['_meta', 'progressToken']);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits a pointer into its segments (`~1` is `/`, `~0` is `~`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer (it starts with "/", as in /result/content/0/text).`);
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pointerOf(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export class VolatileMatcher {
  private readonly patterns: string[][];

  constructor(rules: VolatileRules = NO_EXTRA_RULES) {
    // The id of the message itself always differs between runs.
    this.patterns = [['id'], ...rules.ignore.map(pointerSegments)];
  }

  /** Whether the value at this path is not compared. */
  ignoredPath(path: readonly string[]): boolean {
    if (path.some((segment) => IGNORED_KEYS.has(segment))) return true;
    return this.patterns.some((pattern) => pattern.length <= path.length && pattern.every((segment, index) => segment === '*' || segment === path[index]));
  }

  /** Whether two leaves count as the same: equal, or both of one volatile kind, or masked in the recording. */
  sameLeaf(expected: unknown, actual: unknown): boolean {
    if (expected === MASK) return true;
    if (Object.is(expected, actual)) return true;
    if (typeof expected === 'string' && typeof actual === 'string') {
      if (ISO_TIMESTAMP.test(expected) && ISO_TIMESTAMP.test(actual)) return true;
      if (UUID.test(expected) && UUID.test(actual)) return true;
    }
    return false;
  }
}
