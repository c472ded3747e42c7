/**
 * A user's or a file's regular expression, compiled for RE2's engine (re2js, pure
 * JavaScript): its time grows linearly with the input whatever the pattern, so `(a+)+b`
 * on a long text cannot stall the host as JavaScript's backtracking engine would.
 * A pattern using a feature RE2 does not have is refused with the feature named
 * (shared/user-regex.ts), never run some other way.
 */
import { RE2JS } from 're2js';
import { unsupportedRegexFeature } from '../../../shared/user-regex';

export type UserRegex = { ok: true; test: (text: string) => boolean } | { ok: false; message: string };

/** Compiles a pattern that is searched for anywhere in the text, like `RegExp.prototype.test`. */
export function compileUserRegex(source: string): UserRegex {
  const feature = unsupportedRegexFeature(source);
  if (feature) return { ok: false, message: `it uses ${feature}, which the linear-time engine (RE2) does not have; write it without it` };
  try {
    // JavaScript spellings RE2 writes otherwise (named groups, \u{…}) are translated first.
    const compiled = RE2JS.compile(RE2JS.translateRegExp(source));
    return { ok: true, test: (text) => compiled.test(text) };
  } catch (error) {
    return { ok: false, message: `${(error as Error).message.replace(/^error parsing regexp: /, '')} (in RE2's syntax)` };
  }
}
