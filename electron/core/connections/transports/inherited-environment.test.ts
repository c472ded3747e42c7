/**
 * inherited-environment.ts is the SDK's getDefaultEnvironment kept apart from the SDK's
 * stdio module: it must stay the same list and the same rule as the SDK installed.
 */
import { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { INHERITED_VARIABLES, inheritedEnvironment } from './inherited-environment';

const saved = { ...process.env };

afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe("a stdio server's inherited environment", () => {
  it("lists the SDK's variables for this platform, in its order", () => {
    expect([...INHERITED_VARIABLES]).toEqual(DEFAULT_INHERITED_ENV_VARS);
  });

  it("is what the SDK's getDefaultEnvironment gives, for environments with and without each variable", () => {
    const [first, second, third] = INHERITED_VARIABLES;
    const cases: Array<Record<string, string | undefined>> = [
      {},
      { [first!]: '/somewhere', [second!]: 'someone' },
      // A value that starts with "()" is a shell function: never inherited.
      { [first!]: '() { :; }; echo pwned', [third!]: 'x' },
      { [first!]: '', [second!]: 'a=b', NOT_INHERITED: 'secret' },
      Object.fromEntries(INHERITED_VARIABLES.map((name, index) => [name, `value ${index}`])),
    ];
    for (const variables of cases) {
      for (const name of [...INHERITED_VARIABLES, 'NOT_INHERITED']) delete process.env[name];
      for (const [name, value] of Object.entries(variables)) if (value !== undefined) process.env[name] = value;
      expect(inheritedEnvironment()).toEqual(getDefaultEnvironment());
      expect(inheritedEnvironment({ ...process.env })).toEqual(getDefaultEnvironment());
    }
  });
});
