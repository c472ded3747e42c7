import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarize } from './tool-runner';

/** The history line of a text: its first 300 characters on one line, runs of white space as one space. */
const line = (text: string) => text.slice(0, 300).replace(/\s+/g, ' ').trim();

describe('summarize', () => {
  it('puts any text on one line, whatever white space, control or non-ASCII characters it holds', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '\u00a0', '\u2028', 'é', 'x'), maxLength: 40 }));
    fc.assert(fc.property(text, (value) => summarize([{ type: 'text', text: value }], false) === (line(value) || '(no content)')));
    for (const value of ['hello from the benchmark', ' leading', 'trailing ', 'two  spaces', 'tab\there', 'a'.repeat(301)]) {
      expect(summarize([{ type: 'text', text: value }], false)).toBe(line(value));
    }
  });

  it('joins the first three blocks and marks a tool error', () => {
    const blocks = [{ type: 'text' as const, text: 'one\ntwo' }, { type: 'audio' as const, mimeType: 'audio/wav', bytes: 1, file: { id: 'f', path: '/f', name: 'f', bytes: 1, mimeType: 'audio/wav' } }, { type: 'text' as const, text: 'three' }, { type: 'text' as const, text: 'four' }];
    expect(summarize(blocks, true)).toBe('Tool error: one two [audio audio/wav] three');
  });
});
