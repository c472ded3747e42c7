/**
 * Regular expressions written by a user or read from a file (a collection's `matches`) run
 * on RE2's linear-time engine in the core (electron/core/collections/user-regex.ts), never
 * on JavaScript's backtracking one. RE2 leaves out the features that need backtracking;
 * this names the one a pattern uses, so the file, the editor and the runner can say which,
 * without loading the engine (the page checks patterns as they are typed).
 */

/** JavaScript features RE2 does not have, as people know them. */
const UNSUPPORTED: ReadonlyArray<{ pattern: RegExp; feature: string }> = [
  { pattern: /\(\?<=/g, feature: 'a lookbehind "(?<=…)"' },
  { pattern: /\(\?<!/g, feature: 'a negative lookbehind "(?<!…)"' },
  { pattern: /\(\?=/g, feature: 'a lookahead "(?=…)"' },
  { pattern: /\(\?!/g, feature: 'a negative lookahead "(?!…)"' },
  { pattern: /\\[1-9]/g, feature: 'a backreference "\\1"' },
  { pattern: /\\k</g, feature: 'a named backreference "\\k<name>"' },
];

/** Whether the character at `index` is escaped by an odd number of backslashes before it. */
function escaped(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/** The RE2-less feature the pattern uses, in words, or undefined. */
export function unsupportedRegexFeature(source: string): string | undefined {
  for (const { pattern, feature } of UNSUPPORTED) {
    // "\\(?=" is a literal parenthesis then "?=", and "\\\\1" a literal backslash then 1.
    for (const match of source.matchAll(pattern)) if (!escaped(source, match.index)) return feature;
  }
  return undefined;
}

/** Why a pattern cannot be used, checked without the engine (its syntax as JavaScript reads it, and RE2's missing features). */
export function userRegexProblem(source: string): string | undefined {
  const feature = unsupportedRegexFeature(source);
  if (feature) return `it uses ${feature}, which the linear-time engine (RE2) does not have; write it without it`;
  try {
    // Compiling runs nothing: safe whatever the pattern.
    new RegExp(source, 'u');
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}
