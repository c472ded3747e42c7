/** Variables: types kept for a whole-string variable, text inside longer strings, the escape, and the errors. */
import { describe, expect, it } from 'vitest';
import { VariableError } from './collection-errors';
import { substitute, type VariableScope } from './variables';

const scope: VariableScope = { env: { TOKEN: 's3cret' }, steps: new Map([['first', { structuredContent: { total: 3, tags: ['a', 'b'] } }]]), withoutResult: new Set(['broken']) };

describe('substitute', () => {
  it('keeps the type of a string that is one variable, writes text inside longer ones', () => {
    expect(substitute({ n: '${steps.first.structuredContent.total}', tags: '${steps.first.structuredContent.tags}', text: 'n=${steps.first.structuredContent.total} ${steps.first.structuredContent.tags}', auth: 'Bearer ${env.TOKEN}' }, scope)).toEqual({
      n: 3,
      tags: ['a', 'b'],
      text: 'n=3 ["a","b"]',
      auth: 'Bearer s3cret',
    });
    expect(substitute(['${steps.first.$.structuredContent.total}', { deep: ['${env.TOKEN}'] }], scope)).toEqual([3, { deep: ['s3cret'] }]);
  });

  it('$${ is a literal ${', () => {
    expect(substitute('costs $${price} and ${env.TOKEN}', scope)).toBe('costs ${price} and s3cret');
  });

  it('names what is wrong with a variable that names nothing', () => {
    const error = (text: string) => {
      try {
        substitute(text, scope);
      } catch (caught) {
        expect(caught).toBeInstanceOf(VariableError);
        return (caught as Error).message;
      }
      throw new Error(`${text} did not fail`);
    };
    expect(error('${env.MISSING}')).toBe('${env.MISSING}: the environment variable MISSING is not set');
    expect(error('${steps.nope.x}')).toBe('${steps.nope.x}: no earlier step has the id "nope"');
    expect(error('${steps.broken.x}')).toBe('${steps.broken.x}: the step "broken" has no result to read (it was skipped, or not sent)');
    expect(error('x ${steps.first.structuredContent.none}')).toBe('${steps.first.structuredContent.none}: structuredContent.none finds nothing in the result of "first"');
    expect(error('${secret}')).toMatch(/^\$\{secret\}: unknown variable/);
    expect(error('${data.city}')).toBe('${data.city}: data rows exist only in a load test with a data file (mcp-workbench load --data <file>)');
  });

  it("fills ${data.<column>} from a load test's row, keeping a whole value's type", () => {
    const row = { steps: new Map(), env: {}, data: { city: 'Oslo', days: 3 } };
    expect(substitute({ q: 'weather in ${data.city}', n: '${data.days}' }, row)).toEqual({ q: 'weather in Oslo', n: 3 });
    expect(() => substitute('${data.town}', row)).toThrow('${data.town}: the data file has no column "town" (it has city, days)');
  });
});
