/** The skills slice with a fake AppApi: per server, a later selection wins, events list again or forget. */
import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { SkillCatalog, SkillFileRead, SkillInfo } from '../../../shared/api/skills';
import { applyEvent, createWorkbenchStore } from './store';

const skill = (name: string): SkillInfo => ({ uri: `skill://${name}/SKILL.md`, name, description: name, prefix: '', frontmatter: { name, description: name }, files: [], totalBytes: 0, sharedName: false, limitNotes: [] });
const catalog = (names: string[]): SkillCatalog => ({ supported: true, directoryRead: false, skills: names.map(skill), invalid: [] });
const read = (uri: string): SkillFileRead => ({ skill: uri, uri, path: 'SKILL.md', status: 'verified', body: `body of ${uri}`, durationMs: 1 });

function fakeApi(overrides: Partial<AppApi> = {}): AppApi {
  return { listSkills: vi.fn(async () => catalog(['one'])), readSkillFile: vi.fn(async ({ skill: uri }) => read(uri)), onEvent: () => () => undefined, ...overrides } as AppApi;
}

describe('skills slice', () => {
  it('a slow SKILL.md answered after a newer selection does not replace it', async () => {
    const answers: Array<() => void> = [];
    const api = fakeApi({ readSkillFile: vi.fn(({ skill: uri }) => new Promise<SkillFileRead>((resolve) => answers.push(() => resolve(read(uri))))) });
    const store = createWorkbenchStore(api);
    const first = store.getState().selectSkill('a', 'skill://first/SKILL.md');
    const second = store.getState().selectSkill('a', 'skill://second/SKILL.md');
    answers[1]!();
    await second;
    answers[0]!();
    await first;
    expect(store.getState().skillViews.a?.manifest).toMatchObject({ uri: 'skill://second/SKILL.md', status: 'ready' });
  });

  it('resources-changed lists a loaded server again and drops its verifications; a disconnect forgets the catalog', async () => {
    let names = ['one'];
    const api = fakeApi({ listSkills: vi.fn(async () => catalog(names)), verifySkill: vi.fn(async ({ skill: uri }) => ({ skill: uri, name: 'one', status: 'verified' as const, files: [], notes: [] })) });
    const store = createWorkbenchStore(api);
    await store.getState().loadSkills('a');
    await store.getState().verifySkill('a', 'skill://one/SKILL.md');
    expect(store.getState().skillViews.a?.verifications['skill://one/SKILL.md']?.status).toBe('ready');
    names = ['one', 'two'];
    applyEvent(store, { type: 'resources-changed', server: 'a' });
    await vi.waitFor(() => expect(store.getState().skillsByServer.a?.catalog?.skills.map((s) => s.name)).toEqual(['one', 'two']));
    expect(store.getState().skillViews.a?.verifications).toEqual({});
    // A server whose skills were never shown is not asked.
    applyEvent(store, { type: 'resources-changed', server: 'b' });
    expect(api.listSkills).toHaveBeenCalledTimes(2);
    applyEvent(store, { type: 'server-state', server: { name: 'a', status: 'disconnected', config: { command: 'x' } } });
    expect(store.getState().skillsByServer.a).toBeUndefined();
  });
});
