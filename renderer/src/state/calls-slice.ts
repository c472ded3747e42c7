/**
 * Each tool's arguments (as JSON text, shared by the form and the JSON editor) and its
 * last run, keyed by the full `mcp__` name. Running checks, in order: the JSON parses,
 * the arguments match the input schema (or the user said "send anyway"), the permission
 * rules allow it (or the user confirmed); then calls, with progress and cancel.
 */
import type { StateCreator } from 'zustand';
import type { ToolInfo } from '../../../shared/domain';
import { formatIssues, validateAgainstSchema } from '../../../shared/json-schema';
import { decidePermission } from '../../../shared/permissions';
import type { ToolRunResult } from '../../../shared/tool-results';
import { initialArguments } from '../components/tools/schema-form/schema-model';
import type { WorkbenchState } from './store';
import { taskModeOf } from './task-mode';

export interface ToolCallState {
  argsText: string;
  running: boolean;
  /** Run was pressed and the call is on its way (permissions loading, checks): a second Run must not send another. */
  starting?: boolean;
  callId?: string;
  /** When the running call started (Date.now()), for the elapsed time. */
  startedAt?: number;
  progress?: { progress: number; total?: number; message?: string };
  result?: ToolRunResult;
  /** A failure of the request itself (bad JSON, connection lost, timeout), not a tool error. */
  error?: string;
  /** The user cancelled the last run: shown as such, not as a failure. */
  cancelled?: boolean;
  /** Run was pressed at least once: the form then shows every schema problem, not only those of touched fields. */
  attempted?: boolean;
  /** Run was pressed with arguments that do not match the schema: what is wrong ("send anyway" sends them). */
  schemaIssues?: string[];
  /** The per-call timeout the user typed (ms), empty for the default. */
  timeoutText?: string;
  /** MCP 2026-07-28: input_required answers open the inputResponses editor instead of the usual dialogs. */
  answerInputByHand?: boolean;
  cancelling?: boolean;
  /** "Run as task" is on (for tools that may run as a task). */
  asTask?: boolean;
  /** The running call became this task (its status follows in the Tasks tab too). */
  taskId?: string;
  /** That task's status and message, e.g. "working · step 2 of 4". */
  taskStatus?: string;
  /** The tool as it was when last run: its outcome stays readable while the server is gone (crashed, disconnected). */
  tool?: ToolInfo;
}

interface PermissionPrompt {
  server: string;
  tool: string;
  fullName: string;
  reason: string;
  /** Skip the schema check when it runs (the user already chose "send anyway"). */
  anyway: boolean;
  /** The tool's definition changed since it was allowed: the reason says what changed, and running it accepts the change. */
  changed?: boolean;
}

interface RunOptions {
  /** Send even if the arguments do not match the input schema. */
  anyway?: boolean;
  /** The user already confirmed this call. */
  confirmed?: boolean;
  /** The user saw what changed in the tool's definition and runs it anyway. */
  acceptChanges?: boolean;
}

export interface CallsSlice {
  calls: Record<string, ToolCallState>;
  permissionPrompt?: PermissionPrompt;
  /** How arguments are edited: the generated form or the JSON editor (one choice for all tools). */
  argsMode: 'form' | 'json';
  setArgsMode(mode: 'form' | 'json'): void;
  setArgsText(fullName: string, text: string): void;
  setTimeoutText(fullName: string, text: string): void;
  setRunAsTask(fullName: string, on: boolean): void;
  setAnswerInputByHand(fullName: string, byHand: boolean): void;
  runTool(server: string, tool: string, fullName: string, options?: RunOptions): Promise<void>;
  cancelTool(fullName: string): Promise<void>;
  answerPermissionPrompt(choice: 'once' | 'always' | 'cancel'): Promise<void>;
  applyProgress(callId: string, progress: ToolCallState['progress']): void;
}

const DEFAULT_ARGS_TEXT = '{}';

export const TASKS_NOTE = 'This tool runs only as a task (execution.taskSupport: "required"), and its server does not declare task support.';

/** The arguments a tool starts with: its schema's defaults, pretty-printed. */
export function defaultArgsText(tool: ToolInfo | undefined): string {
  if (!tool) return DEFAULT_ARGS_TEXT;
  const initial = initialArguments(tool.inputSchema);
  return Object.keys(initial).length === 0 ? DEFAULT_ARGS_TEXT : JSON.stringify(initial, null, 2);
}

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

export function findTool(state: Pick<WorkbenchState, 'toolsByServer'>, server: string, name: string): ToolInfo | undefined {
  return state.toolsByServer[server]?.tools.find((tool) => tool.name === name);
}

function findToolByFullName(state: Pick<WorkbenchState, 'toolsByServer'>, fullName: string): ToolInfo | undefined {
  for (const entry of Object.values(state.toolsByServer)) {
    const tool = entry.tools.find((t) => t.fullName === fullName);
    if (tool) return tool;
  }
  return undefined;
}

export const createCallsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], CallsSlice> =>
  (set, get) => {
    // A tool's first entry starts from its schema's defaults, whatever field is set first (the timeout, say).
    const update = (fullName: string, patch: Partial<ToolCallState>) =>
      set((state) => ({
        calls: { ...state.calls, [fullName]: { argsText: state.calls[fullName]?.argsText ?? defaultArgsText(findToolByFullName(state, fullName)), running: false, ...state.calls[fullName], ...patch } },
      }));

    /** The checks and the call of one run; runTool makes sure only one runs at a time per tool. */
    const startRun = async (server: string, tool: string, fullName: string, info: ToolInfo | undefined, argsText: string, options: RunOptions) => {
      const current = get().calls[fullName];
      const serverView = get().servers.find((view) => view.name === server);
      const mode = taskModeOf(info, serverView);
      if (mode === 'unavailable') {
        update(fullName, { argsText, error: TASKS_NOTE, result: undefined, cancelled: false });
        return;
      }
      const parsed = parseArguments(argsText);
      if (!parsed.ok) {
        update(fullName, { argsText, error: parsed.message, result: undefined, schemaIssues: undefined, cancelled: false, attempted: true });
        return;
      }
      // A new run starts: the last one's answer goes, so what is shown next is this run's.
      update(fullName, { argsText, result: undefined, error: undefined, cancelled: false, attempted: true });
      if (info && !options.anyway) {
        const check = validateAgainstSchema(info.inputSchema, parsed.value);
        if (!check.valid) {
          update(fullName, { argsText, schemaIssues: formatIssues(check.issues), error: undefined });
          return;
        }
      }
      if (!options.confirmed) {
        if (!get().permissionsLoaded) await get().loadPermissions();
        const verdict = decidePermission(get().permissionRules, server, fullName, info?.annotations);
        if (verdict.decision === 'deny') {
          update(fullName, { argsText, error: `${fullName} is not allowed: ${verdict.reason}. Change the rule under Permissions.`, result: undefined });
          return;
        }
        if (verdict.decision === 'ask') {
          set({ permissionPrompt: { server, tool, fullName, reason: verdict.reason, anyway: options.anyway === true } });
          return;
        }
      }
      const timeoutMs = Number(current?.timeoutText);
      const callId = crypto.randomUUID();
      update(fullName, { argsText, ...(info ? { tool: info } : {}), running: true, starting: false, callId, startedAt: Date.now(), error: undefined, result: undefined, progress: undefined, schemaIssues: undefined, cancelling: false, taskId: undefined, taskStatus: undefined });
      const asTask = mode === 'required' || (mode === 'optional' && current?.asTask === true);
      try {
        const result = await api.callTool({
          server,
          tool,
          arguments: parsed.value,
          callId,
          ...(Number.isInteger(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
          ...(options.confirmed ? { confirmed: true } : {}),
          ...(asTask ? { task: true } : {}),
          ...(current?.answerInputByHand ? { answerInputByHand: true } : {}),
          ...(options.acceptChanges ? { acceptChanges: true } : {}),
        });
        update(fullName, { running: false, result, cancelling: false });
      } catch (error) {
        // Changed since it was allowed: the permission prompt asks again, saying what changed.
        if ((error as { kind?: string }).kind === 'tool-changed') {
          update(fullName, { running: false, cancelling: false });
          set({ permissionPrompt: { server, tool, fullName, reason: (error as Error).message, anyway: options.anyway === true, changed: true } });
          return;
        }
        // Only a cancel the user asked for reads as "Cancelled"; anything else is a failure.
        if (get().calls[fullName]?.cancelling) update(fullName, { running: false, cancelled: true, cancelling: false });
        else update(fullName, { running: false, error: (error as Error).message, cancelling: false });
      }
    };

    return {
      calls: {},
      argsMode: 'form',
      setArgsMode(argsMode) {
        set({ argsMode });
      },
      setArgsText(fullName, argsText) {
        update(fullName, { argsText, schemaIssues: undefined });
      },
      setTimeoutText(fullName, timeoutText) {
        update(fullName, { timeoutText });
      },
      setRunAsTask(fullName, asTask) {
        update(fullName, { asTask });
      },
      setAnswerInputByHand(fullName, answerInputByHand) {
        update(fullName, { answerInputByHand });
      },
      async runTool(server, tool, fullName, options = {}) {
        const info = findTool(get(), server, tool);
        const current = get().calls[fullName];
        const argsText = current?.argsText ?? defaultArgsText(info);
        if (current?.running || current?.starting) return;
        // Marked before anything is awaited, so a double click (or Run, then Ctrl+Enter) sends one call.
        update(fullName, { argsText, starting: true });
        try {
          await startRun(server, tool, fullName, info, argsText, options);
        } finally {
          update(fullName, { starting: false });
        }
      },
      async cancelTool(fullName) {
        const call = get().calls[fullName];
        if (!call?.running || !call.callId) return;
        update(fullName, { cancelling: true });
        await api.cancelCall({ callId: call.callId }).catch(() => false);
      },
      async answerPermissionPrompt(choice) {
        const prompt = get().permissionPrompt;
        set({ permissionPrompt: undefined });
        if (!prompt || choice === 'cancel') return;
        if (choice === 'always') {
          try {
            // By server and tool: the mcp__ name alone cannot say which server a name with "__" in it is.
            await get().setPermissionRule({ server: prompt.server, tool: prompt.tool, decision: 'allow' });
          } catch (error) {
            update(prompt.fullName, { error: `Could not save the rule: ${(error as Error).message}` });
            return;
          }
        }
        await get().runTool(prompt.server, prompt.tool, prompt.fullName, { confirmed: true, anyway: prompt.anyway, ...(prompt.changed ? { acceptChanges: true } : {}) });
      },
      applyProgress(callId, progress) {
        const entry = Object.entries(get().calls).find(([, call]) => call.callId === callId && call.running);
        if (entry) update(entry[0], { progress });
      },
    };
  };
