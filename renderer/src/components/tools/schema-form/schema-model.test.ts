/** The form's schema logic, one function at a time, on the schema shapes the form supports. */
import { describe, expect, it } from 'vitest';
import {
  choicesOf,
  defaultValue,
  emptyValue,
  getIn,
  initialArguments,
  isNullable,
  isSchema,
  jsonType,
  kindOf,
  optionSchema,
  pathLabel,
  pickVariant,
  propertiesOf,
  requiredOf,
  resolve,
  setIn,
  variantLabel,
  variantsOf,
  withoutNull,
  type Schema,
} from './schema-model';

const none: Schema = {};

describe('isSchema', () => {
  it('is true for plain objects only', () => {
    expect(isSchema({})).toBe(true);
    expect(isSchema({ type: 'string' })).toBe(true);
    for (const value of [null, undefined, [], 'object', 1, true]) expect(isSchema(value)).toBe(false);
  });
});

describe('resolve', () => {
  const root: Schema = {
    $defs: { city: { type: 'string', title: 'City' }, loop: { $ref: '#/$defs/loop' }, 'a/b': { type: 'integer' } },
    definitions: { legacy: { type: 'boolean' } },
  };

  it('follows local $refs under $defs and definitions, keeping keys set beside the $ref', () => {
    expect(resolve({ $ref: '#/$defs/city', description: 'Where' }, root)).toEqual({ type: 'string', title: 'City', description: 'Where' });
    expect(resolve({ $ref: '#/definitions/legacy' }, root)).toEqual({ type: 'boolean' });
    expect(resolve({ $ref: '#/$defs/a~1b' }, root)).toEqual({ type: 'integer' });
  });

  it('treats a missing or remote $ref as "anything", and stops a $ref loop', () => {
    expect(resolve({ $ref: '#/$defs/nope' }, root)).toEqual({});
    expect(resolve({ $ref: 'https://example.com/schema.json' }, root)).toEqual({});
    expect(() => resolve({ $ref: '#/$defs/loop' }, root)).not.toThrow();
  });

  it('merges allOf: properties and required from every part', () => {
    const merged = resolve(
      { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { $ref: '#/$defs/city' } }, required: ['b', 'a'] }], title: 'Both' },
      root,
    );
    expect(merged).toEqual({ type: 'object', title: 'Both', properties: { a: { type: 'string' }, b: { $ref: '#/$defs/city' } }, required: ['a', 'b'] });
  });

  it('reads `true` as anything and `false` as nothing', () => {
    expect(resolve(true, none)).toEqual({});
    expect(resolve(false, none)).toEqual({ not: {} });
  });
});

describe('isNullable and withoutNull', () => {
  it('type: [T, "null"]', () => {
    const schema = { type: ['string', 'null'] };
    expect(isNullable(schema, none)).toBe(true);
    expect(withoutNull(schema, none)).toEqual({ type: 'string' });
    expect(withoutNull({ type: ['string', 'number', 'null'] }, none)).toEqual({ type: ['string', 'number'] });
  });

  it('a null option of oneOf/anyOf (type null or const null)', () => {
    const schema = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], description: 'Count' };
    expect(isNullable(schema, none)).toBe(true);
    expect(withoutNull(schema, none)).toEqual({ description: 'Count', type: 'integer', minimum: 1 });
    const several = { oneOf: [{ type: 'string' }, { type: 'number' }, { const: null }] };
    expect(isNullable(several, none)).toBe(true);
    expect(withoutNull(several, none)).toEqual({ oneOf: [{ type: 'string' }, { type: 'number' }] });
  });

  it('OpenAPI nullable: true', () => {
    expect(isNullable({ type: 'string', nullable: true }, none)).toBe(true);
    expect(withoutNull({ type: 'string', nullable: true }, none)).toEqual({ type: 'string' });
  });

  it('a plain type, or a lone null, is not nullable', () => {
    expect(isNullable({ type: 'string' }, none)).toBe(false);
    expect(isNullable({ type: 'null' }, none)).toBe(false);
    expect(isNullable({ oneOf: [{ type: 'null' }] }, none)).toBe(false);
  });
});

describe('choicesOf', () => {
  it('an enum, labelled by enumNames when there is one per value', () => {
    expect(choicesOf({ enum: ['a', 2, null] }, none)).toEqual([
      { value: 'a', label: 'a' },
      { value: 2, label: '2' },
      { value: null, label: 'null' },
    ]);
    expect(choicesOf({ enum: ['s', 'l'], enumNames: ['Small', 'Large'] }, none)?.map((c) => c.label)).toEqual(['Small', 'Large']);
    expect(choicesOf({ enum: ['s', 'l'], enumNames: ['Small'] }, none)?.map((c) => c.label)).toEqual(['s', 'l']);
  });

  it('oneOf/anyOf whose every option is a const, labelled by title', () => {
    expect(choicesOf({ oneOf: [{ const: 'r', title: 'Red' }, { const: 'g' }] }, none)).toEqual([
      { value: 'r', label: 'Red' },
      { value: 'g', label: 'g' },
    ]);
    expect(choicesOf({ anyOf: [{ const: 1 }, { type: 'string' }] }, none)).toBeUndefined();
    expect(choicesOf({ type: 'string' }, none)).toBeUndefined();
  });
});

describe('variantsOf, optionSchema and variantLabel', () => {
  const circle: Schema = { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } } };
  const root: Schema = { $defs: { circle } };

  it('lists the options without the null one, refs resolved', () => {
    expect(variantsOf({ oneOf: [{ $ref: '#/$defs/circle' }, { type: 'null' }] }, root)).toEqual({ key: 'oneOf', options: [circle] });
    expect(variantsOf({ anyOf: [{ type: 'string' }] }, none)).toEqual({ key: 'anyOf', options: [{ type: 'string' }] });
    expect(variantsOf({ type: 'string' }, none)).toBeUndefined();
    expect(variantsOf({ oneOf: [{ type: 'null' }] }, none)).toBeUndefined();
  });

  it('an option takes the parent title and description it lacks, never the parent options', () => {
    const parent = { title: 'Shape', description: 'What to draw', oneOf: [{}], anyOf: [{}] };
    expect(optionSchema(parent, { type: 'string' })).toEqual({ type: 'string', title: 'Shape', description: 'What to draw' });
    expect(optionSchema(parent, { type: 'string', title: 'Name' })).toMatchObject({ title: 'Name', description: 'What to draw' });
  });

  it('labels an option by title, discriminator const, const, type, properties, or position', () => {
    expect(variantLabel({ title: 'Circle', type: 'object' }, 0)).toBe('Circle');
    expect(variantLabel(circle, 0)).toBe('circle');
    expect(variantLabel({ const: 5 }, 0)).toBe('5');
    expect(variantLabel({ type: ['string', 'number'] }, 0)).toBe('string or number');
    expect(variantLabel({ properties: { a: {}, b: {}, c: {}, d: {} } }, 0)).toBe('object (a, b, c)');
    expect(variantLabel({}, 2)).toBe('Option 3');
  });
});

describe('pickVariant', () => {
  const circle: Schema = { type: 'object', properties: { r: { type: 'number' } }, required: ['r'] };
  const square: Schema = { type: 'object', properties: { side: { type: 'number' } }, required: ['side'] };

  it('picks the first option the value is valid against', () => {
    expect(pickVariant([circle, square], { side: 2 }, none)).toBe(1);
    expect(pickVariant([{ type: 'string' }, { type: 'integer' }], 3, none)).toBe(1);
  });

  it('else the first option of the value type (a number fits an integer option), else the first', () => {
    expect(pickVariant([{ type: 'string' }, square], {}, none)).toBe(1);
    expect(pickVariant([{ type: 'string' }, { type: 'integer', minimum: 10 }], 1.5, none)).toBe(1);
    expect(pickVariant([{ type: 'string' }, { type: 'object' }], true, none)).toBe(0);
    expect(pickVariant([circle, square], undefined, none)).toBe(0);
  });

  it('validates an option that refers to the root $defs', () => {
    const root: Schema = { $defs: { n: { type: 'number' } } };
    expect(pickVariant([{ type: 'string' }, { $ref: '#/$defs/n' }], 4, root)).toBe(1);
  });
});

describe('jsonType and kindOf', () => {
  it('names the JSON type of a value', () => {
    expect([null, [], 1, 1.5, 'a', true, {}, undefined].map(jsonType)).toEqual(['null', 'array', 'integer', 'number', 'string', 'boolean', 'object', 'any']);
  });

  it('tells the field kind of a schema', () => {
    const cases: Array<[Schema, string]> = [
      [{ const: 1 }, 'const'],
      [{ enum: ['a'] }, 'enum'],
      [{ type: 'object' }, 'object'],
      [{ properties: {} }, 'object'],
      [{ items: {} }, 'array'],
      [{ type: 'array' }, 'array'],
      [{ type: 'string' }, 'string'],
      [{ type: ['string', 'null'] }, 'string'],
      [{ type: 'integer' }, 'integer'],
      [{ type: 'number' }, 'number'],
      [{ type: 'boolean' }, 'boolean'],
      [{ type: 'null' }, 'null'],
      [{ type: ['string', 'number'] }, 'any'],
      [{}, 'any'],
    ];
    for (const [schema, kind] of cases) expect(kindOf(schema, none), JSON.stringify(schema)).toBe(kind);
  });
});

describe('requiredOf and propertiesOf', () => {
  it('read the required names and the property schemas, ignoring what is not one', () => {
    expect(requiredOf({ required: ['a', 3, 'b'] })).toEqual(['a', 'b']);
    expect(requiredOf({})).toEqual([]);
    expect(propertiesOf({ properties: { a: { type: 'string' }, b: true } })).toEqual([
      ['a', { type: 'string' }],
      ['b', {}],
    ]);
    expect(propertiesOf({ type: 'object' })).toEqual([]);
  });
});

describe('defaultValue and initialArguments', () => {
  const tags: Schema = { type: 'array', default: ['a'] };
  const schema: Schema = {
    type: 'object',
    properties: {
      greeting: { type: 'string', default: 'hello' },
      kind: { const: 'note' },
      options: { type: 'object', properties: { level: { type: 'integer', default: 3 } } },
      empty: { type: 'object', properties: { x: { type: 'string' } } },
      needed: { type: 'object', properties: { x: { type: 'string' } } },
      tags,
      ref: { $ref: '#/$defs/n' },
      plain: { type: 'string' },
    },
    required: ['needed'],
    $defs: { n: { type: 'number', default: 1.5 } },
  };

  it('collects defaults and consts, starts required objects and leaves empty optional ones out', () => {
    expect(initialArguments(schema)).toEqual({ greeting: 'hello', kind: 'note', options: { level: 3 }, needed: {}, tags: ['a'], ref: 1.5 });
  });

  it('gives a copy of a default, so editing the value never changes the schema', () => {
    const value = defaultValue(tags, schema) as string[];
    value.push('b');
    expect(tags.default).toEqual(['a']);
  });

  it('gives nothing for a field without a default, and {} for a schema that is not an object', () => {
    expect(defaultValue({ type: 'string' }, none)).toBeUndefined();
    expect(initialArguments({ type: 'string', default: 'x' })).toEqual({});
  });
});

describe('emptyValue', () => {
  it('starts a new field from its default, else from its kind', () => {
    expect(emptyValue({ type: 'string', default: 'd' }, none)).toBe('d');
    expect(emptyValue({ type: 'object', properties: { a: { type: 'integer', default: 2 } } }, none)).toEqual({ a: 2 });
    expect(emptyValue({ type: 'array' }, none)).toEqual([]);
    expect(emptyValue({ type: 'string' }, none)).toBe('');
    expect(emptyValue({ type: 'number' }, none)).toBe(0);
    expect(emptyValue({ type: 'integer', minimum: 5 }, none)).toBe(5);
    expect(emptyValue({ type: 'boolean' }, none)).toBe(false);
    expect(emptyValue({ enum: ['x', 'y'] }, none)).toBe('x');
    expect(emptyValue({ type: 'null' }, none)).toBeNull();
    expect(emptyValue({}, none)).toBeUndefined();
  });

  it('of oneOf/anyOf is the first option, and follows $refs', () => {
    expect(emptyValue({ anyOf: [{ type: 'null' }, { type: 'boolean' }] }, none)).toBe(false);
    expect(emptyValue({ $ref: '#/$defs/s' }, { $defs: { s: { type: 'string' } } })).toBe('');
  });
});

describe('getIn, setIn and pathLabel', () => {
  const value = { a: { list: [1, { b: 'x' }] } };

  it('getIn reads at a path, undefined where the path leaves the value', () => {
    expect(getIn(value, ['a', 'list', 1, 'b'])).toBe('x');
    expect(getIn(value, [])).toBe(value);
    expect(getIn(value, ['a', 'missing', 'deeper'])).toBeUndefined();
    expect(getIn(null, ['a'])).toBeUndefined();
  });

  it('setIn returns a changed copy, makes the objects and arrays on the way, and removes a key set to undefined', () => {
    const next = setIn(value, ['a', 'list', 1, 'b'], 'y');
    expect(next).toEqual({ a: { list: [1, { b: 'y' }] } });
    expect(value.a.list[1]).toEqual({ b: 'x' });
    expect(setIn({}, ['o', 'arr', 0], 5)).toEqual({ o: { arr: [5] } });
    expect(setIn({ a: 1, b: 2 }, ['a'], undefined)).toEqual({ b: 2 });
    expect(setIn({ a: 1 }, [], 'root')).toBe('root');
  });

  it('pathLabel names a path as the validator does', () => {
    expect(pathLabel(['address', 'city'])).toBe('address.city');
    expect(pathLabel(['tags', 2])).toBe('tags[2]');
    expect(pathLabel(['a', 0, 'b', 1])).toBe('a[0].b[1]');
    expect(pathLabel([])).toBe('');
  });
});
