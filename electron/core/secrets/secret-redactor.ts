/**
 * Masks secret values in anything that leaves the core as text: log lines, stderr,
 * error messages. It learns each value when a launch fills it in, so a server that
 * prints its own API key does not put it on screen.
 */
export const MASK = '••••••';
/** Shorter values would mask ordinary text; a secret that short protects nothing anyway. */
const MIN_LENGTH = 4;

export class SecretRedactor {
  private readonly values = new Set<string>();

  remember(value: string): void {
    if (value.length >= MIN_LENGTH) this.values.add(value);
  }

  /**
   * A copy of any JSON-like value with every string redacted; the value itself when no
   * secret is known or none occurs (so the common case costs one walk and no copies).
   */
  redactDeep<T>(value: T): T {
    if (this.values.size === 0) return value;
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (Array.isArray(value)) {
      const items = value.map((item) => this.walk(item));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (value !== null && typeof value === 'object' && isPlainObject(value)) {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        out[key] = this.walk(item);
        if (out[key] !== item) changed = true;
      }
      return changed ? out : value;
    }
    return value;
  }

  redact(text: string): string {
    // Every protocol log line passes here: nothing to do is the common case.
    if (this.values.size === 0) return text;
    let out = text;
    // Longest first, so a secret containing another is masked whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      if (out.includes(value)) out = out.split(value).join(MASK);
    }
    return out;
  }
}

/** Objects as JSON makes them (class instances such as Buffers are left alone). */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An event with every secret value the redactor knows masked, in any of its fields. */
export function redactEvent<E extends { type: string }>(event: E, redactor: SecretRedactor): E {
  return redactor.redactDeep(event);
}
