/**
 * User regexes on RE2's engine: patterns that backtrack for ever in JavaScript finish at
 * once, JavaScript spellings work, and each feature RE2 does not have is refused by name.
 */
import { describe, expect, it } from 'vitest';
import { unsupportedRegexFeature, userRegexProblem } from '../../../shared/user-regex';
import { compileUserRegex } from './user-regex';

function compiled(source: string): (text: string) => boolean {
  const regex = compileUserRegex(source);
  if (!regex.ok) throw new Error(regex.message);
  return regex.test;
}

describe('user regexes', () => {
  it('(a+)+b and friends on 100,000 characters answer (the answer, not a hang)', () => {
    const text = 'a'.repeat(100_000);
    expect(compiled('(a+)+b')(text)).toBe(false);
    expect(compiled('(a+)+b')(`${text}b`)).toBe(true);
    expect(compiled('^(a|aa)+$')(`${text}!`)).toBe(false);
    expect(compiled('(.*a){20}')(text)).toBe(true);
  });

  it('reads JavaScript spellings: classes, anchors, named groups, \\u escapes, slashes', () => {
    expect(compiled('^\\{"total": \\d+\\}$')('{"total": 3}')).toBe(true);
    expect(compiled('(?<word>\\w+)/x')('abc/x')).toBe(true);
    expect(compiled('\\u{1F600}')('smile 😀')).toBe(true);
    expect(compiled('\\u0041')('A')).toBe(true);
    expect(compiled('^The tool lab readme')('The tool lab readme, first line')).toBe(true);
  });

  it.each([
    ['a(?=b)', 'a lookahead "(?=…)"'],
    ['a(?!b)', 'a negative lookahead "(?!…)"'],
    ['(?<=a)b', 'a lookbehind "(?<=…)"'],
    ['(?<!a)b', 'a negative lookbehind "(?<!…)"'],
    ['(a)\\1', 'a backreference "\\1"'],
    ['(?<x>a)\\k<x>', 'a named backreference "\\k<name>"'],
  ])('%s is refused, naming %s', (source, feature) => {
    expect(unsupportedRegexFeature(source)).toBe(feature);
    expect(compileUserRegex(source)).toEqual({ ok: false, message: `it uses ${feature}, which the linear-time engine (RE2) does not have; write it without it` });
    expect(userRegexProblem(source)).toContain(feature);
  });

  it('an escaped look-alike is no feature: \\(?=x) and \\\\1 are literal', () => {
    expect(unsupportedRegexFeature('\\(?=x\\)')).toBeUndefined();
    expect(compiled('\\\\1')('a\\1')).toBe(true);
  });

  it('RE2 syntax errors and limits come back as messages, never thrown', () => {
    expect(compileUserRegex('[')).toEqual({ ok: false, message: 'missing closing ]: `[` (in RE2\'s syntax)' });
    expect(compileUserRegex('a{2000}')).toEqual({ ok: false, message: 'invalid repeat count: `{2000}` (in RE2\'s syntax)' });
    expect(userRegexProblem('(')).toMatch(/Invalid regular expression/);
  });
});
