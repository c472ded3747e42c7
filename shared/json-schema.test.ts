import { describe, expect, it } from 'vitest';
import { formatIssues, validateAgainstSchema } from './json-schema';

describe('validateAgainstSchema messages', () => {
  it('names the expected type and what was there instead', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' }, n: { type: 'integer' }, o: { type: ['object', 'null'] } } };
    const check = validateAgainstSchema(schema, { a: 'abc', n: 1.5, o: 3 });
    expect(formatIssues(check.issues)).toEqual(['a: must be a number (got "abc")', 'n: must be an integer (got 1.5)', 'o: must be an object or null (got 3)']);
  });
});
