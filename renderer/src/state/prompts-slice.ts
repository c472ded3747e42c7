/**
 * Prompts per server: the list (dropped when the server disconnects, listed again when
 * it says the list changed), and what each server's Prompts tab shows — the selected
 * prompt, the arguments typed for each prompt (kept while the server is away), and the
 * last result.
 */
import type { StateCreator } from 'zustand';
import type { PromptInfo, PromptResult } from '../../../shared/api/prompts';
import { createLeavableRequests, type CancelReason } from './leavable-requests';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';
import { messageOf } from '../../../shared/errors';

interface ServerPrompts {
  status: 'loading' | 'ready' | 'error';
  prompts: PromptInfo[];
  error?: string;
}

interface PromptRun {
  prompt: string;
  status: 'running' | 'ready' | 'error';
  result?: PromptResult;
  error?: string;
}

export interface PromptView {
  selected?: string;
  /** Per prompt, per argument: what the user typed. */
  args: Record<string, Record<string, string>>;
  run?: PromptRun;
}

export interface PromptsSlice {
  promptsByServer: Record<string, ServerPrompts>;
  promptViews: Record<string, PromptView>;
  /** `refresh`: ask the server even when the core holds a still-fresh list. */
  loadPrompts(server: string, refresh?: boolean): Promise<void>;
  forgetPrompts(server: string): void;
  /** Cancels the server's prompt list and prompt under way (see ResourcesSlice.cancelResourceRequests). */
  cancelPromptRequests(server: string, reason: CancelReason): void;
  selectPrompt(server: string, name: string): void;
  setPromptArgument(server: string, prompt: string, argument: string, value: string): void;
  getPrompt(server: string, prompt: string): Promise<void>;
  applyPromptsChanged(server: string): void;
}

const EMPTY_VIEW: PromptView = { args: {} };

/** The arguments to send: empty optional ones are left out, as a server expects of an unset argument. */
export function promptArguments(prompt: PromptInfo, typed: Record<string, string> = {}): Record<string, string> {
  const args: Record<string, string> = {};
  for (const argument of prompt.arguments) {
    const value = typed[argument.name] ?? '';
    if (value !== '' || argument.required) args[argument.name] = value;
  }
  return args;
}

/** Required arguments left empty, by name. */
export function missingArguments(prompt: PromptInfo, typed: Record<string, string> = {}): string[] {
  return prompt.arguments.filter((argument) => argument.required && !(typed[argument.name] ?? '').trim()).map((argument) => argument.name);
}

export const createPromptsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], PromptsSlice> =>
  (set, get) => {
    const updateView = (server: string, update: (view: PromptView) => Partial<PromptView>) =>
      set((state) => ({ promptViews: withEntry(state.promptViews, server, (view = EMPTY_VIEW) => ({ ...view, ...update(view) })) }));

    const leavable = createLeavableRequests(api);

    return {
      promptsByServer: {},
      promptViews: {},
      async loadPrompts(server, refresh = false) {
        const key = `list:${server}`;
        const callId = leavable.start(key);
        set((state) => ({
          promptsByServer: withEntry(state.promptsByServer, server, (current) => ({ prompts: current?.prompts ?? [], status: 'loading' })),
        }));
        try {
          const prompts = await api.listPrompts({ server, ...(refresh ? { refresh } : {}), callId });
          if (leavable.end(key, callId) === 'superseded') return;
          set((state) => ({ promptsByServer: withEntry(state.promptsByServer, server, () => ({ status: 'ready', prompts })) }));
        } catch (error) {
          const ending = leavable.end(key, callId);
          if (ending === 'superseded') return;
          if (ending === 'left') set((state) => ({ promptsByServer: withoutEntry(state.promptsByServer, server) }));
          else set((state) => ({ promptsByServer: withEntry(state.promptsByServer, server, () => ({ status: 'error', prompts: [], error: messageOf(error) })) }));
        }
      },
      cancelPromptRequests(server, reason) {
        leavable.cancel(`list:${server}`, reason);
        leavable.cancel(`get:${server}`, reason);
      },
      forgetPrompts(server) {
        set((state) => ({ promptsByServer: withoutEntry(state.promptsByServer, server) }));
      },
      selectPrompt(server, name) {
        updateView(server, () => ({ selected: name }));
      },
      setPromptArgument(server, prompt, argument, value) {
        updateView(server, (view) => ({ args: withEntry(view.args, prompt, (values = {}) => ({ ...values, [argument]: value })) }));
      },
      async getPrompt(server, name) {
        const prompt = get().promptsByServer[server]?.prompts.find((p) => p.name === name);
        if (!prompt) return;
        const typed = get().promptViews[server]?.args[name];
        const missing = missingArguments(prompt, typed);
        if (missing.length > 0) {
          updateView(server, () => ({ run: { prompt: name, status: 'error', error: `Fill in the required ${missing.length === 1 ? 'argument' : 'arguments'}: ${missing.join(', ')}.` } }));
          return;
        }
        updateView(server, () => ({ run: { prompt: name, status: 'running' } }));
        const key = `get:${server}`;
        const callId = leavable.start(key);
        let run: PromptRun;
        try {
          run = { prompt: name, status: 'ready', result: await api.getPrompt({ server, name, arguments: promptArguments(prompt, typed), callId }) };
        } catch (error) {
          run = { prompt: name, status: 'error', error: messageOf(error) };
        }
        if (leavable.end(key, callId) === 'superseded') return;
        if (get().promptViews[server]?.run?.prompt === name) updateView(server, () => ({ run }));
      },
      applyPromptsChanged(server) {
        if (get().promptsByServer[server]) void get().loadPrompts(server);
      },
    };
  };
