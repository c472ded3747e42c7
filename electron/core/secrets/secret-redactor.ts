/**
 * Masks secret values in anything that leaves the core as text: log lines, stderr,
 * error messages, tool results, history. It learns each value when a launch fills it in
 * (or a sign-in gets it), so a server that prints its own API key does not put it on
 * screen. Each value is masked in every spelling it may take (see secret-spellings.ts):
 * the bare token of a `Bearer …` value, JSON-escaped, URL-encoded and base64 forms.
 */
import { MIN_SECRET_LENGTH, secretParts, spellingsOf } from './secret-spellings';

export const MASK = '••••••';

export class SecretRedactor {
  private readonly values = new Set<string>();
  /** Built from `values` when one is added, not on every call (masking runs for every message). */
  private compiled: Compiled | undefined;

  remember(value: string): void {
    if (value.length < MIN_SECRET_LENGTH) return;
    for (const part of secretParts(value)) {
      if (this.values.has(part)) continue;
      this.values.add(part);
      this.compiled = undefined;
    }
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
    const { probes, pattern } = (this.compiled ??= compile(this.values));
    // includes() per probe is about twice as fast as one scan with the big expression;
    // the expression runs only on the rare text that holds a secret.
    if (!probes.some((probe) => text.includes(probe))) return text;
    return text.replace(pattern, MASK);
  }
}

interface Compiled {
  /** The spellings that contain no other spelling: text with any spelling contains one of these. */
  probes: string[];
  /** Every spelling, longest first: alternatives are tried in order, so a secret containing another is masked whole. */
  pattern: RegExp;
}

function compile(values: Iterable<string>): Compiled {
  const spellings = new Set<string>();
  for (const value of values) for (const form of spellingsOf(value)) spellings.add(form);
  const sorted = [...spellings].sort((a, b) => b.length - a.length);
  const probes = sorted.filter((form) => !sorted.some((other) => other !== form && form.includes(other)));
  return { probes, pattern: new RegExp(sorted.map(escapeRegExp).join('|'), 'g') };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
