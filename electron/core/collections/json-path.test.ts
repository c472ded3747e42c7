/** JSON paths: one match, several, none; the short form; and filter expressions refused, never evaluated. */
import { describe, expect, it } from 'vitest';
import { lookupPath } from './json-path';

const document = { content: [{ type: 'text', text: 'a' }, { type: 'image' }], structuredContent: { total: 3, nested: { id: 'x' } } };

describe('lookupPath', () => {
  it('one match is its value, several are a list, none is not found', () => {
    expect(lookupPath(document, '$.structuredContent.total')).toEqual({ found: true, value: 3 });
    expect(lookupPath(document, '$.content[*].type')).toEqual({ found: true, value: ['text', 'image'] });
    expect(lookupPath(document, '$..id')).toEqual({ found: true, value: 'x' });
    expect(lookupPath(document, '$.structuredContent.missing')).toEqual({ found: false });
  });

  it('reads a path without its leading $', () => {
    expect(lookupPath(document, 'content[0].text')).toEqual({ found: true, value: 'a' });
    expect(lookupPath(document, 'structuredContent.nested')).toEqual({ found: true, value: { id: 'x' } });
  });

  it('refuses filter expressions instead of evaluating them, however harmless', () => {
    // The library's own evaluator would match the text block here; with eval off it refuses.
    const result = lookupPath(document, "$.content[?(@.type === 'text')]");
    expect(result).toEqual({ found: false, error: expect.stringMatching(/^the path .+ cannot be used: .*[Ee]val/) });
  });
});
