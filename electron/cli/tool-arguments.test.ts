import { describe, expect, it } from 'vitest';
import { CliError } from './exit-codes';
import { parsePromptArguments, parseToolArguments } from './tool-arguments';

describe('tool arguments from the command line', () => {
  it('takes --arg values as JSON when they parse, else as strings, applied over --args', () => {
    expect(
      parseToolArguments({
        args: '{"a": 1, "b": "keep", "text": "over"}',
        arg: ['count=3', 'on=true', 'tags=["x","y"]', 'name=Ada Lovelace', 'zip="01234"', 'eq=a=b', 'text=mine', 'empty='],
      }),
    ).toEqual({ a: 1, b: 'keep', count: 3, on: true, tags: ['x', 'y'], name: 'Ada Lovelace', zip: '01234', eq: 'a=b', text: 'mine', empty: '' });
    expect(parseToolArguments({})).toEqual({});
  });

  it('refuses --args that is not a JSON object and --arg without a key, as usage errors', () => {
    for (const bad of [{ args: '{nope' }, { args: '[1, 2]' }, { args: 'null' }, { args: '"text"' }, { arg: ['novalue'] }, { arg: ['=x'] }]) {
      expect(() => parseToolArguments(bad), JSON.stringify(bad)).toThrow(CliError);
      try {
        parseToolArguments(bad);
      } catch (error) {
        expect((error as CliError).exitCode).toBe(2);
      }
    }
  });

  it('keeps prompt arguments as strings', () => {
    expect(parsePromptArguments({ args: '{"city": "Paris"}', arg: ['days=3'] })).toEqual({ city: 'Paris', days: '3' });
    expect(() => parsePromptArguments({ args: '{"days": 3}' })).toThrow(/prompt arguments are strings, but "days" is 3/);
  });
});
