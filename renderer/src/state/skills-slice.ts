/**
 * Skills per server (the MCP Skills extension): the catalog (dropped when the server
 * disconnects, listed again when it says its resources changed), and what each server's
 * Skills tab shows — the selected skill, its SKILL.md as read and checked, the file opened
 * from its tree, and the verification of each skill. A skill is known by its SKILL.md URI.
 */
import type { StateCreator } from 'zustand';
import type { SkillCatalog, SkillFileRead, SkillVerification } from '../../../shared/api/skills';
import { createLeavableRequests, type CancelReason } from './leavable-requests';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';
import { messageOf } from '../../../shared/errors';

interface ServerSkills {
  status: 'loading' | 'ready' | 'error';
  catalog?: SkillCatalog;
  error?: string;
}

/** One read of a skill file: the SKILL.md or a file opened from the tree. */
export interface SkillReadState {
  uri: string;
  status: 'loading' | 'ready' | 'error';
  result?: SkillFileRead;
  error?: string;
}

export interface SkillVerificationState {
  status: 'running' | 'ready' | 'error';
  result?: SkillVerification;
  error?: string;
}

export interface SkillView {
  /** The selected skill's SKILL.md URI. */
  selected?: string;
  /** The selected skill's SKILL.md, read and checked. */
  manifest?: SkillReadState;
  /** A file of the selected skill opened from its tree. */
  file?: SkillReadState;
  /** Per skill URI. */
  verifications: Record<string, SkillVerificationState>;
  /** "Verify all" is going through the skills. */
  verifyingAll?: boolean;
}

export interface SkillsSlice {
  skillsByServer: Record<string, ServerSkills>;
  skillViews: Record<string, SkillView>;
  /** `refresh`: ask the server even when the core holds a still-fresh listing. */
  loadSkills(server: string, refresh?: boolean): Promise<void>;
  /** Cancels the server's skill list under way (see ResourcesSlice.cancelResourceRequests). */
  cancelSkillsLoad(server: string, reason: CancelReason): void;
  forgetSkills(server: string): void;
  selectSkill(server: string, uri: string): Promise<void>;
  openSkillFile(server: string, uri: string): Promise<void>;
  verifySkill(server: string, uri: string): Promise<void>;
  verifyAllSkills(server: string): Promise<void>;
  applySkillsChanged(server: string): void;
}

const EMPTY_VIEW: SkillView = { verifications: {} };

export const createSkillsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], SkillsSlice> =>
  (set, get) => {
    const updateView = (server: string, update: (view: SkillView) => Partial<SkillView>) =>
      set((state) => ({ skillViews: withEntry(state.skillViews, server, (view = EMPTY_VIEW) => ({ ...view, ...update(view) })) }));
    const leavable = createLeavableRequests(api);

    const read = async (server: string, skill: string, uri: string | undefined): Promise<SkillReadState> => {
      try {
        return { uri: uri ?? skill, status: 'ready', result: await api.readSkillFile({ server, skill, ...(uri ? { file: uri } : {}) }) };
      } catch (error) {
        return { uri: uri ?? skill, status: 'error', error: messageOf(error) };
      }
    };

    return {
      skillsByServer: {},
      skillViews: {},
      async loadSkills(server, refresh = false) {
        const callId = leavable.start(server);
        set((state) => ({ skillsByServer: withEntry(state.skillsByServer, server, (current) => ({ ...current, status: 'loading' })) }));
        try {
          const catalog = await api.listSkills({ server, ...(refresh ? { refresh } : {}), callId });
          if (leavable.end(server, callId) === 'superseded') return;
          set((state) => ({ skillsByServer: withEntry(state.skillsByServer, server, () => ({ status: 'ready', catalog })) }));
        } catch (error) {
          const ending = leavable.end(server, callId);
          if (ending === 'superseded') return;
          if (ending === 'left') set((state) => ({ skillsByServer: withoutEntry(state.skillsByServer, server) }));
          else set((state) => ({ skillsByServer: withEntry(state.skillsByServer, server, () => ({ status: 'error', error: messageOf(error) })) }));
        }
      },
      cancelSkillsLoad(server, reason) {
        leavable.cancel(server, reason);
      },
      forgetSkills(server) {
        set((state) => ({ skillsByServer: withoutEntry(state.skillsByServer, server) }));
      },
      async selectSkill(server, uri) {
        updateView(server, () => ({ selected: uri, manifest: { uri, status: 'loading' }, file: undefined }));
        const manifest = await read(server, uri, undefined);
        // A later selection wins.
        if (get().skillViews[server]?.selected === uri) updateView(server, () => ({ manifest }));
      },
      async openSkillFile(server, uri) {
        const skill = get().skillViews[server]?.selected;
        if (!skill) return;
        updateView(server, () => ({ file: { uri, status: 'loading' } }));
        const file = await read(server, skill, uri);
        const view = get().skillViews[server];
        if (view?.selected === skill && view.file?.uri === uri) updateView(server, () => ({ file }));
      },
      async verifySkill(server, uri) {
        updateView(server, (view) => ({ verifications: withEntry(view.verifications, uri, () => ({ status: 'running' })) }));
        let state: SkillVerificationState;
        try {
          state = { status: 'ready', result: await api.verifySkill({ server, skill: uri }) };
        } catch (error) {
          state = { status: 'error', error: messageOf(error) };
        }
        updateView(server, (view) => ({ verifications: withEntry(view.verifications, uri, () => state) }));
      },
      async verifyAllSkills(server) {
        const skills = get().skillsByServer[server]?.catalog?.skills ?? [];
        updateView(server, () => ({ verifyingAll: true }));
        try {
          // One at a time: a server is not asked for every file of every skill at once.
          for (const skill of skills) await get().verifySkill(server, skill.uri);
        } finally {
          updateView(server, () => ({ verifyingAll: false }));
        }
      },
      applySkillsChanged(server) {
        if (!get().skillsByServer[server]) return;
        // What was verified may have changed with the catalog.
        updateView(server, () => ({ verifications: {} }));
        void get().loadSkills(server);
      },
    };
  };
