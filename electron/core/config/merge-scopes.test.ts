import { describe, expect, it } from 'vitest';
import { mergeScopes } from './merge-scopes';

describe('mergeScopes', () => {
  it('takes local over project over user (a project entry over a user one once approved), and records what each entry shadows', () => {
    const merged = mergeScopes(
      {
      user: new Map([
        ['a', { command: 'user-a' }],
        ['b', { command: 'user-b' }],
        ['c', { command: 'user-c' }],
      ]),
      project: new Map([
        ['b', { command: 'project-b' }],
        ['c', { command: 'project-c' }],
        ['d', { type: 'http' as const, url: 'http://x' }],
      ]),
      local: new Map([['c', { command: 'local-c' }]]),
      },
      () => true,
    );
    expect(merged).toEqual([
      { name: 'a', scope: 'user', config: { command: 'user-a' }, shadows: [] },
      { name: 'b', scope: 'project', config: { command: 'project-b' }, shadows: ['user'] },
      { name: 'c', scope: 'local', config: { command: 'local-c' }, shadows: ['project', 'user'] },
      { name: 'd', scope: 'project', config: { type: 'http', url: 'http://x' }, shadows: [] },
    ]);
  });

  it("never lets an unapproved project entry take a user entry's name: the user's stays in use, the project's is held beside it", () => {
    const approved = new Set(['project-b']);
    const merged = mergeScopes(
      {
        user: new Map([
          ['a', { command: 'user-a' }],
          ['b', { command: 'user-b' }],
          ['c', { command: 'user-c' }],
        ]),
        project: new Map([
          ['a', { command: 'project-a' }],
          ['b', { command: 'project-b' }],
          ['c', { command: 'project-c' }],
          ['d', { command: 'project-d' }],
        ]),
        local: new Map([['c', { command: 'local-c' }]]),
      },
      (_name, config) => approved.has((config as { command: string }).command),
    );
    expect(merged).toEqual([
      { name: 'a', scope: 'user', config: { command: 'user-a' }, shadows: [], held: { name: 'a', scope: 'project', config: { command: 'project-a' } } },
      { name: 'b', scope: 'project', config: { command: 'project-b' }, shadows: ['user'] },
      { name: 'c', scope: 'local', config: { command: 'local-c' }, shadows: ['project', 'user'] },
      { name: 'd', scope: 'project', config: { command: 'project-d' }, shadows: [] },
    ]);
  });

  it('local beats user directly when the project does not define the name', () => {
    const merged = mergeScopes({ user: new Map([['x', { command: 'u' }]]), local: new Map([['x', { command: 'l' }]]) });
    expect(merged).toEqual([{ name: 'x', scope: 'local', config: { command: 'l' }, shadows: ['user'] }]);
  });
});
