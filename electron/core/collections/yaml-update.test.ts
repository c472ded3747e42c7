import { describe, expect, it } from 'vitest';
import type { Collection, ToolStep } from '../../../shared/api/collections';
import { collectionText, collectionToYaml } from './collection-folder';
import { parseCollection } from './collection-parse';

const WRITTEN = `# Smoke test for the math server: run before every release.
name: Math
server: lab # the fixture, see .mcp.json

steps:
  # adds two numbers
  - id: add
    tool: add
    arguments: { a: 1, b: 2 } # flow style kept
    expect:
      - outcome: ok
      - path: $.structuredContent.sum
        equals: 3 # one plus two

  # the error path
  - id: divide
    tool: divide
    arguments:
      a: 1
      b: 0
    expect:
      - outcome: tool-error
`;

function read(text: string): Collection {
  const parsed = parseCollection(text, 'math.yaml');
  if (!parsed.collection) throw new Error(parsed.problems.map((p) => p.message).join('; '));
  return parsed.collection;
}

function toolStep(collection: Collection, index: number): ToolStep {
  return collection.steps[index] as ToolStep;
}

describe('saving an edited collection over its file', () => {
  it('an unchanged collection saves the file as it was written', () => {
    expect(collectionText(read(WRITTEN), WRITTEN)).toBe(WRITTEN);
  });

  it('a changed value keeps every comment, blank line and style around it', () => {
    const edited = read(WRITTEN);
    toolStep(edited, 0).arguments = { a: 2, b: 2 };
    (toolStep(edited, 0).expect![1] as { equals: unknown }).equals = 4;
    const text = collectionText(edited, WRITTEN);
    expect(read(text)).toEqual(edited);
    expect(text).toBe(WRITTEN.replace('{ a: 1, b: 2 }', '{ a: 2, b: 2 }').replace('equals: 3', 'equals: 4'));
  });

  it('steps are matched by id: a new step first and a removed one keep the others’ comments', () => {
    const edited = read(WRITTEN);
    edited.steps = [{ id: 'first', tool: 'echo_args', arguments: { x: 'y' } }, edited.steps[0]!];
    const text = collectionText(edited, WRITTEN);
    expect(read(text)).toEqual(edited);
    expect(text).toContain('# Smoke test for the math server');
    expect(text).toContain('  - id: first\n');
    expect(text).toContain('# adds two numbers\n  - id: add');
    expect(text).toContain('equals: 3 # one plus two');
    expect(text).not.toContain('divide');
    expect(text).not.toContain('the error path');
  });

  it('a removed key goes, a new key is added, a value of another type is written fresh', () => {
    const edited = read(WRITTEN);
    delete (edited as { server?: string }).server;
    edited.bail = true;
    toolStep(edited, 1).arguments = { a: 'one', b: 0 };
    const text = collectionText(edited, WRITTEN);
    expect(read(text)).toEqual(edited);
    expect(text).not.toMatch(/^server:/m);
    expect(text).toMatch(/\nbail: true\n/);
    expect(text).toContain('a: one');
  });

  it('strings that would read back as something else are quoted', () => {
    const edited = read(WRITTEN);
    edited.name = 'true';
    toolStep(edited, 0).tool = '123';
    const text = collectionText(edited, WRITTEN);
    expect(read(text)).toEqual(edited);
  });

  it('a file that does not parse, or no file, is written fresh', () => {
    const collection = read(WRITTEN);
    expect(collectionText(collection, 'name: [\n')).toBe(collectionToYaml(collection));
    expect(collectionText(collection, undefined)).toBe(collectionToYaml(collection));
  });
});
