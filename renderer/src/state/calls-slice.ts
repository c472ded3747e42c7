/** The argument text and the last run of each tool, keyed by its full `mcp__` name. */
import type { StateCreator } from 'zustand';
import type { ToolCallResult } from '../../../shared/domain';
import type { WorkbenchState } from './store';

export interface ToolCallState {
  argsText: string;
  running: boolean;
  callId?: string;
  progress?: { progress: number; total?: number; message?: string };
  result?: ToolCallResult;
  /** A failure of the request itself (bad JSON, connection lost, timeout), not a tool error. */
  error?: string;
}

export interface CallsSlice {
  calls: Record<string, ToolCallState>;
  setArgsText(fullName: string, text: string): void;
  runTool(server: string, tool: string, fullName: string): Promise<void>;
  applyProgress(callId: string, progress: ToolCallState['progress']): void;
}

export const DEFAULT_ARGS_TEXT = '{}';

/** Parses the arguments box; the message says what is wrong in the user's terms. */
export function parseArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    return { ok: false, message: `Arguments are not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'Arguments must be a JSON object, like {"text": "hello"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export const createCallsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], CallsSlice> =>
  (set, get) => {
    const update = (fullName: string, patch: Partial<ToolCallState>) =>
      set((state) => ({
        calls: { ...state.calls, [fullName]: { argsText: DEFAULT_ARGS_TEXT, running: false, ...state.calls[fullName], ...patch } },
      }));

    return {
      calls: {},
      setArgsText(fullName, argsText) {
        update(fullName, { argsText });
      },
      async runTool(server, tool, fullName) {
        const parsed = parseArguments(get().calls[fullName]?.argsText ?? DEFAULT_ARGS_TEXT);
        if (!parsed.ok) {
          update(fullName, { error: parsed.message, result: undefined });
          return;
        }
        const callId = crypto.randomUUID();
        update(fullName, { running: true, callId, error: undefined, result: undefined, progress: undefined });
        try {
          const result = await api.callTool({ server, tool, arguments: parsed.value, callId });
          update(fullName, { running: false, result });
        } catch (error) {
          update(fullName, { running: false, error: (error as Error).message });
        }
      },
      applyProgress(callId, progress) {
        const entry = Object.entries(get().calls).find(([, call]) => call.callId === callId && call.running);
        if (entry) update(entry[0], { progress });
      },
    };
  };
