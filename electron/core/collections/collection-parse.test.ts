/** Collection files: what parses, and problems that name the file, the step and the line. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionToYaml, listCollections, readCollection, saveCollection } from './collection-folder';
import { parseCollection } from './collection-parse';

describe('parseCollection', () => {
  it('reads every step kind, assertion kind and scripted answer', () => {
    const parsed = parseCollection(
      `name: All of it
server: lab
bail: true
steps:
  - id: t
    tool: echo_args
    arguments: { a: 1 }
    timeoutMs: 5000
    answers:
      elicitation: [{ action: accept, content: { name: Ada } }, { action: decline }]
      sampling: [{ text: hi, model: m }]
      inputResponses: [{ confirm: { action: accept } }]
    expect:
      - outcome: ok
      - { path: $.x, equals: { a: [1] } }
      - { path: $.x, contains: 1 }
      - { path: $.x, matches: ^a }
      - { path: $.x, exists: false }
      - schema: output
      - schema: { type: object }
      - durationUnderMs: 100
  - id: r
    resource: lab://notes/readme
  - id: p
    prompt: greet
    arguments: { name: Ada }
`,
      'all.yaml',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.collection?.steps.map((step) => step.id)).toEqual(['t', 'r', 'p']);
    expect(parsed.collection?.steps[0]).toMatchObject({ tool: 'echo_args', arguments: { a: 1 }, answers: { sampling: [{ text: 'hi', model: 'm' }] } });
  });

  it('a YAML syntax error names the file and its line', () => {
    const parsed = parseCollection('name: Broken\nsteps:\n  - id: a\n    tool: [unclosed\n', 'broken.yaml');
    expect(parsed.collection).toBeUndefined();
    expect(parsed.problems[0]).toMatchObject({ file: 'broken.yaml', line: expect.any(Number), message: expect.any(String) });
    expect(parsed.problems[0]!.line).toBeGreaterThanOrEqual(4);
  });

  it('a key written twice is an error, not a silent overwrite', () => {
    const parsed = parseCollection('name: Twice\nname: Again\nsteps: []\n', 'twice.yaml');
    expect(parsed.problems).toEqual([expect.objectContaining({ file: 'twice.yaml', line: 2, message: expect.stringMatching(/unique/i) })]);
  });

  it('format errors name the step (its id, else its position) and the line', () => {
    const text = `name: Wrong
steps:
  - id: first
    tool: echo_args
    expect:
      - path: $.a
        equals: 1
        matches: x
  - tool: no_id
  - id: both
    tool: a
    resource: b://c
  - id: prompted
    prompt: p
    arguments: { n: 3 }
  - id: bad-regex
    tool: t
    expect:
      - { path: $.a, matches: "(" }
      - { duration: 3 }
`;
    const parsed = parseCollection(text, 'wrong.yaml');
    expect(parsed.collection).toBeUndefined();
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        { file: 'wrong.yaml', step: 'first', line: 6, message: 'expect[0]: a path assertion has exactly one of equals, contains, matches, exists (this one has equals and matches)' },
        { file: 'wrong.yaml', step: '#2', line: 9, message: 'id: every step needs an id (letters, digits, "-" and "_"), which later steps use to read its result' },
        { file: 'wrong.yaml', step: 'both', line: 10, message: 'a step has exactly one of tool, resource, prompt, eval (this one has tool and resource)' },
        { file: 'wrong.yaml', step: 'prompted', line: 15, message: 'arguments.n: prompt arguments are strings (quote the value)' },
        { file: 'wrong.yaml', step: 'bad-regex', line: 19, message: expect.stringMatching(/^expect\[0\]\.matches: not a usable regular expression/) },
        { file: 'wrong.yaml', step: 'bad-regex', line: 20, message: 'expect[1]: Unrecognized key: "duration"' },
      ]),
    );
  });

  it('two steps with one id: the second is named, at its line', () => {
    const parsed = parseCollection('name: Ids\nsteps:\n  - id: a\n    tool: t\n  - id: a\n    resource: x://y\n', 'ids.yaml');
    expect(parsed.problems).toEqual([{ file: 'ids.yaml', step: 'a', line: 5, message: 'id: another step already has the id "a"' }]);
  });

  it('variables that cannot name anything are problems of the file, at their line', () => {
    const text = `name: Variables
steps:
  - id: a
    tool: t
    arguments:
      own: \${steps.a.content}
      later: \${steps.b.content}
      nowhere: \${steps.ghost.x}
      typo: \${evn.HOME}
      fine: \${env.HOME} and $\${literal}
  - id: b
    resource: x://\${steps.a.structuredContent.id}
    answers:
      elicitation: [{ action: accept, content: { who: '\${later}' } }]
`;
    expect(parseCollection(text, 'vars.yaml').problems).toEqual([
      { file: 'vars.yaml', step: 'a', line: 6, message: 'arguments.own: ${steps.a.content}: a step cannot read its own result' },
      { file: 'vars.yaml', step: 'a', line: 7, message: 'arguments.later: ${steps.b.content}: the step "b" runs after this one' },
      { file: 'vars.yaml', step: 'a', line: 8, message: 'arguments.nowhere: ${steps.ghost.x}: no earlier step has the id "ghost"' },
      { file: 'vars.yaml', step: 'a', line: 9, message: expect.stringMatching(/^arguments\.typo: \$\{evn\.HOME\}: unknown variable/) },
      { file: 'vars.yaml', step: 'b', line: 14, message: expect.stringMatching(/^answers\.elicitation\[0\]\.content\.who: \$\{later\}: unknown variable/) },
    ]);
  });

  it('an empty file, or one without steps, says what a collection needs', () => {
    expect(parseCollection('', 'empty.yaml').problems).toEqual([{ file: 'empty.yaml', message: 'the file is empty: a collection has a name and steps' }]);
    expect(parseCollection('name: No steps\n', 'nosteps.yaml').problems).toEqual([{ file: 'nosteps.yaml', line: 1, message: expect.stringMatching(/^steps: /) }]);
  });
});

describe('the collections folder', () => {
  let project: string;
  beforeAll(async () => {
    project = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-collections-folder-'));
  });
  afterAll(async () => {
    await fs.rm(project, { recursive: true, force: true });
  });

  it('save writes YAML that reads back the same; list shows every file with its problems', async () => {
    const collection = { name: 'Saved', server: 'lab', steps: [{ id: 'a', tool: 'echo_args', arguments: { a: 1, note: 'line one\nline two' }, expect: [{ path: '$.content[0].text', contains: 'a' }] }] };
    const saved = await saveCollection(project, 'saved.yaml', collection);
    expect(saved).toMatchObject({ file: 'saved.yaml', collection, problems: [] });
    expect(await fs.readFile(saved.path, 'utf8')).toBe(collectionToYaml(collection));
    // A person's comment in the file survives the next save from the app.
    await fs.writeFile(saved.path, `# kept\n${collectionToYaml(collection)}`);
    const again = await saveCollection(project, 'saved.yaml', { ...collection, name: 'Saved again' });
    expect(await fs.readFile(again.path, 'utf8')).toBe(`# kept\n${collectionToYaml({ ...collection, name: 'Saved again' })}`);
    await saveCollection(project, 'saved.yaml', collection);
    await fs.writeFile(path.join(project, '.mcp-workbench', 'collections', 'broken.yml'), 'name: [\n');
    await fs.writeFile(path.join(project, '.mcp-workbench', 'collections', 'notes.txt'), 'not a collection');
    const list = await listCollections(project);
    expect(list.folder).toBe(path.join(project, '.mcp-workbench', 'collections'));
    expect(list.files.map((file) => [file.file, file.collection?.name, file.problems.length > 0])).toEqual([
      ['broken.yml', undefined, true],
      ['saved.yaml', 'Saved', false],
    ]);
    expect((await readCollection(project, 'saved.yaml')).collection).toEqual(collection);
    await expect(readCollection(project, 'gone.yaml')).rejects.toThrow(/No collection file "gone.yaml"/);
  });

  it('a symbolic link in the folder is neither listed, read nor written through', async () => {
    const outside = path.join(project, 'outside.yaml');
    await fs.writeFile(outside, 'name: Outside\nsteps: []\n');
    await fs.symlink(outside, path.join(project, '.mcp-workbench', 'collections', 'link.yaml'));
    expect((await listCollections(project)).files.map((file) => file.file)).not.toContain('link.yaml');
    await expect(readCollection(project, 'link.yaml')).rejects.toThrow(/symbolic link/);
    await expect(saveCollection(project, 'link.yaml', { name: 'Overwritten', steps: [] })).rejects.toThrow(/symbolic link/);
    expect(await fs.readFile(outside, 'utf8')).toBe('name: Outside\nsteps: []\n');
  });

  it.each([['.mcp-workbench'], ['.mcp-workbench/collections']])('a project whose %s folder is a symbolic link: nothing outside is listed, read or written', async (linked) => {
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-elsewhere-'));
    const repo = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-linked-project-'));
    try {
      // Someone else's folder of YAML files, and a repository that links to it.
      const target = linked === '.mcp-workbench' ? elsewhere : path.join(elsewhere, 'collections');
      await fs.mkdir(path.join(elsewhere, 'collections'), { recursive: true });
      await fs.writeFile(path.join(elsewhere, 'collections', 'private.yaml'), 'name: Private\nsteps: []\n');
      await fs.mkdir(path.dirname(path.join(repo, linked)), { recursive: true });
      await fs.symlink(target, path.join(repo, linked));
      await expect(listCollections(repo)).rejects.toThrow(/is a symbolic link; collections are read and written only in a real \.mcp-workbench\/collections folder/);
      await expect(readCollection(repo, 'private.yaml')).rejects.toThrow(/symbolic link/);
      await expect(saveCollection(repo, 'private.yaml', { name: 'Overwritten', steps: [] })).rejects.toThrow(/symbolic link/);
      await expect(saveCollection(repo, 'new.yaml', { name: 'New', steps: [] })).rejects.toThrow(/symbolic link/);
      expect(await fs.readdir(path.join(elsewhere, 'collections'))).toEqual(['private.yaml']);
      expect(await fs.readFile(path.join(elsewhere, 'collections', 'private.yaml'), 'utf8')).toBe('name: Private\nsteps: []\n');
    } finally {
      await fs.rm(elsewhere, { recursive: true, force: true });
      await fs.rm(repo, { recursive: true, force: true });
    }
  });

  it('without a project there is nothing to list, and nothing can be saved', async () => {
    expect(await listCollections(undefined)).toEqual({ files: [] });
    await expect(saveCollection(undefined, 'a.yaml', { name: 'A', steps: [] })).rejects.toThrow(/open a project folder first/);
  });
});
