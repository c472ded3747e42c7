/**
 * The models area of the AppApi: providers and their keys (saved in the secret store and
 * masked from then on; only "saved / from the environment / none" ever goes back), the
 * endpoint addresses, and chats. A chat runs the agent loop through this same core (every
 * tool call is a callTool, with its permissions, protocol log and history); its steps go
 * out as `chat-event`s under the page's callId, cancelCall({callId}) stops it, and before
 * each tool call it waits for the page's answer — bounded by the server request timeout,
 * and denied at once when the page that started the chat goes away. A finished turn can be
 * run again from one of its tool calls, with that call's result as the user edited it.
 */
import { randomUUID } from 'node:crypto';
import type { ChatEvent, ChatRequest, ChatRerunRequest, ChatRunResult, ModelProviderView, ModelsApi } from '../../../shared/api/models';
import { AppError } from '../../../shared/envelope';
import type { PendingServerRequest } from '../../../shared/api/server-requests';
import type { Settings } from '../../../shared/api/settings';
import { AutoSampler } from '../models/sampling-auto';
import type { ToolInfo } from '../../../shared/domain';
import { failure } from '../../../shared/errors';
import { kindOf } from '../errors/error-kinds';
import { draftSamplingReply } from '../models/sampling-draft';
import { toolTokenCosts } from '../doctor/token-cost';
import { conversationAt, NO_RESUME_POINT } from '../models/conversation-resume';
import { runAgent, type PendingToolCall, type ToolApproval } from '../models/agent-loop';
import { listServedModels } from '../models/local-models';
import { ModelEndpoints } from '../models/model-endpoints';
import { ModelKeys } from '../models/model-keys';
import type { ConversationMessage } from '../models/model-library';
import { openModel, runModelStep } from '../models/model-library';
import { costOf, loadPriceTable } from '../models/prices';
import { ModelChoiceError, parseModelChoice, PROVIDER_IDS, PROVIDERS, type ProviderId } from '../models/providers';
import type { CallContext, CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';

const DEFAULT_MAX_STEPS = 10;

interface ModelsDeps {
  /** The core's own API: the chat lists and calls tools through it. */
  api: () => CoreApi;
  /** The questions servers are waiting on (a sampling request to draft a reply for). */
  pendingServerRequests: () => PendingServerRequest[];
  /** Where the sampling of servers the user allowed is answered by a model without asking. */
  samplingAuto?: { rules: () => Settings['samplingAuto']; timeoutMs: () => number; install: (answer: AutoSampler['answer']) => void };
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

interface WaitingApproval {
  callId: string;
  settle: (answer: ToolApproval, reason: 'answered' | 'timed-out' | 'stopped' | 'page-gone') => void;
}

export type CoreModelsApi = { [M in keyof ModelsApi]: (request: Parameters<ModelsApi[M]>[0], context?: CallContext) => ReturnType<ModelsApi[M]> };

export function createModelsApi(ctx: CoreContext, calls: CancellableCalls, deps: ModelsDeps): CoreModelsApi {
  const keys = new ModelKeys({ secrets: ctx.secrets, env: deps.env, onSecret: (value) => ctx.redactor.remember(value) });
  const endpoints = new ModelEndpoints(deps.dataDir);
  const approvals = new Map<string, WaitingApproval>();

  const views = async (): Promise<ModelProviderView[]> => {
    const urls = await endpoints.all();
    return Promise.all(
      PROVIDER_IDS.map(async (id) => {
        const info = PROVIDERS[id];
        const key = await keys.resolve(id);
        const baseUrl = urls[id] ?? info.defaultBaseUrl;
        // A local endpoint is the user's once they set its address (Ollama's default is one click): until then the page offers set-up, not a model that may not exist.
        const ready = info.local ? urls[id] !== undefined : key.source !== 'none';
        return {
          id,
          label: info.label,
          key: key.source === 'saved' ? 'saved' : key.source === 'environment' ? 'environment' : 'none',
          ...(info.keyEnv ? { keyEnv: info.keyEnv } : {}),
          needsKey: info.needsKey,
          local: info.local,
          ...(baseUrl ? { baseUrl } : {}),
          baseUrlSet: urls[id] !== undefined,
          ready,
        } satisfies ModelProviderView;
      }),
    );
  };

  /** The model the page named, at the address set for its provider: every mistake a clear invalid-request. */
  const choiceOf = async (provider: ProviderId, model: string) => {
    const urls = await endpoints.all();
    try {
      return parseModelChoice(`${provider}:${model}`, urls[provider]);
    } catch (error) {
      if (error instanceof ModelChoiceError) {
        const hint = provider === 'openai-compatible' ? 'Set the endpoint\'s address in Settings → Models.' : error.hint;
        throw new AppError('invalid-request', `${error.message.replace('--base-url', 'The address')} ${hint}`);
      }
      throw error;
    }
  };

  /** The model with the key and address Settings → Models has for its provider: a missing key is a clear invalid-request. */
  const openConfigured = async (provider: ProviderId, model: string) => {
    const choice = await choiceOf(provider, model);
    const info = PROVIDERS[provider];
    const key = await keys.resolve(provider);
    if (info.needsKey && !key.key) throw new AppError('invalid-request', `No API key for ${info.label}: save one in Settings → Models${info.keyEnv ? ` or set ${info.keyEnv} before starting the app` : ''}.`);
    return openModel(choice, key.key);
  };
  /** The models a local provider's endpoint serves; undefined for a cloud provider or an endpoint that cannot say. */
  const servedBy = async (provider: ProviderId) => {
    const info = PROVIDERS[provider];
    const baseUrl = (await endpoints.all())[provider] ?? info.defaultBaseUrl;
    if (!info.local || !baseUrl) return undefined;
    const served = await listServedModels(baseUrl, (await keys.resolve(provider)).key);
    return served.ok ? served.models : undefined;
  };
  deps.samplingAuto?.install(
    new AutoSampler({ rules: deps.samplingAuto.rules, timeoutMs: deps.samplingAuto.timeoutMs, open: openConfigured, turn: runModelStep, served: servedBy, emit: (event) => ctx.events.emit(event) }).answer,
  );

  const emitter = (callId: string) => (event: ChatEvent) => ctx.events.emit({ type: 'chat-event', callId, event });

  /** Puts each tool call to the page and waits: its answer, the timeout (deny), the chat's end, or the page going away. */
  const askPage = (callId: string, signal: AbortSignal, pageGone: AbortSignal | undefined) => {
    const emit = emitter(callId);
    return (call: PendingToolCall) =>
      new Promise<ToolApproval>((resolve) => {
        const approvalId = randomUUID();
        const timeoutMs = ctx.settings.effective().serverRequestTimeoutMs;
        const onStop = () => settle({ decision: 'deny', reason: 'the chat was stopped' }, 'stopped');
        const onGone = () => settle({ decision: 'deny', reason: 'the page that started the chat was closed' }, 'page-gone');
        const timer = setTimeout(() => settle({ decision: 'deny', reason: `no answer within ${Math.round(timeoutMs / 1000)} s` }, 'timed-out'), timeoutMs);
        timer.unref?.();
        const settle: WaitingApproval['settle'] = (answer, reason) => {
          if (!approvals.delete(approvalId)) return;
          clearTimeout(timer);
          signal.removeEventListener('abort', onStop);
          pageGone?.removeEventListener('abort', onGone);
          emit({ kind: 'approval-closed', approvalId, reason });
          resolve(answer);
        };
        approvals.set(approvalId, { callId, settle });
        emit({ kind: 'approval', approvalId, server: call.server, tool: call.tool, arguments: call.arguments, toolCallId: call.toolCallId, expiresAt: Date.now() + timeoutMs });
        if (signal.aborted) return onStop();
        if (pageGone?.aborted) return onGone();
        signal.addEventListener('abort', onStop, { once: true });
        pageGone?.addEventListener('abort', onGone, { once: true });
      });
  };

  const toolFilter = (tools: ChatRequest['tools']) => (tools ? (tool: ToolInfo) => !(tool.server in tools) || tools[tool.server]!.includes(tool.name) : undefined);

  /** A chat turn from its start (a prompt) or from a tool result of an earlier one (a re-run): its steps go out as chat-events. */
  const chat = async (request: Omit<ChatRequest, 'prompt' | 'history'>, start: { prompt: string; history?: ConversationMessage[] } | { history: ConversationMessage[]; firstStep: number }, context?: CallContext): Promise<ChatRunResult> => {
    const emit = emitter(request.callId);
    // Registered before anything waits: a Stop while the model's provider opens is heard too.
    return calls.run(request.callId, context, async (signal) => {
      const model = await openConfigured(request.provider, request.model);
      const { table } = await loadPriceTable(deps.dataDir);
      const stop = signal ?? new AbortController().signal;
      const result = await runAgent({
        model,
        gateway: deps.api(),
        servers: request.servers,
        ...(request.tools ? { toolFilter: toolFilter(request.tools)! } : {}),
        ...start,
        ...(request.system?.trim() ? { system: request.system } : {}),
        maxSteps: request.maxSteps ?? DEFAULT_MAX_STEPS,
        signal: stop,
        prices: table,
        ...(request.pause !== false ? { approve: askPage(request.callId, stop, context?.pageGone) } : {}),
        onStep: (step) => emit({ kind: 'step', step }),
        onTextDelta: (text) => emit({ kind: 'text', text }),
      });
      // The loop's hints speak the CLI's language; the page sets the address in Settings.
      const error = result.error ? { ...result.error, hint: result.error.hint.replace(/--base-url/g, 'the address in Settings → Models') } : undefined;
      emit({ kind: 'usage', usage: result.usage });
      if (error) emit({ kind: 'error', error });
      emit({ kind: 'done', status: result.status });
      return { status: result.status, text: result.text, steps: result.steps, usage: result.usage, ...(error ? { error } : {}), messages: result.messages };
    });
  };

  const runChat = ({ prompt, history, ...request }: ChatRequest, context?: CallContext) => chat(request, { prompt, ...(history ? { history: history as ConversationMessage[] } : {}) }, context);

  const rerunChat = ({ history, from, ...request }: ChatRerunRequest, context?: CallContext) => {
    const resumed = conversationAt(history as ConversationMessage[], { toolCallId: from.toolCallId, ...(from.result ? { result: from.result } : {}) });
    if (!resumed) return Promise.reject(new AppError('invalid-request', NO_RESUME_POINT));
    return chat(request, { history: resumed, firstStep: from.step + 1 }, context);
  };

  return {
    listModelProviders: () => views(),
    setModelKey: async ({ provider, key }) => {
      try {
        await keys.save(provider, key);
      } catch (error) {
        throw new AppError('invalid-request', (error as Error).message);
      }
      return views();
    },
    forgetModelKey: async ({ provider }) => {
      await keys.forget(provider);
      return views();
    },
    setModelBaseUrl: async ({ provider, baseUrl }) => {
      try {
        await endpoints.set(provider, baseUrl);
      } catch (error) {
        if (error instanceof ModelChoiceError) throw new AppError('invalid-request', `${error.message.replace('--base-url', 'The address')} ${error.hint}`);
        throw error;
      }
      return views();
    },
    listServedModels: async ({ provider }) => {
      const view = (await views()).find((p) => p.id === provider)!;
      if (!view.local) return { ok: false, error: `${view.label} is a cloud provider: type the model's name (for example one from its documentation).` };
      if (!view.baseUrl) return { ok: false, error: `Set the address of the ${view.label} first (Settings → Models).` };
      return listServedModels(view.baseUrl, (await keys.resolve(provider)).key);
    },
    toolTokenCost: async ({ servers, tools }, context) => {
      const filter = toolFilter(tools);
      const infos: ToolInfo[] = [];
      for (const server of servers) {
        const listed = await deps.api().listTools({ name: server }, context);
        infos.push(...listed.filter((t) => !t.excludedReason && (!filter || filter(t))));
      }
      const { total } = await toolTokenCosts(infos);
      return { tools: infos.length, ...total };
    },
    runChat,
    rerunChat,
    answerChatApproval: async ({ approvalId, decision, arguments: args, reason }) => {
      const waiting = approvals.get(approvalId);
      if (!waiting) return false;
      waiting.settle(decision === 'approve' ? { decision: 'approve', ...(args ? { arguments: args } : {}) } : { decision: 'deny', ...(reason ? { reason } : {}) }, 'answered');
      return true;
    },
    draftSamplingReply: async ({ requestId, provider, model }, context) => {
      const pending = deps.pendingServerRequests().find((request) => request.id === requestId);
      if (!pending) throw new AppError('not-found', 'That request is no longer waiting: it was answered, timed out or withdrawn by the server.');
      if (pending.body.kind !== 'sampling') throw new AppError('invalid-request', `That request is not a sampling request (it is ${pending.body.kind}).`);
      const handle = await openConfigured(provider, model);
      // No longer than the server waits for its answer; a cancelled call (or a page gone) stops it too.
      const limits = [AbortSignal.timeout(Math.max(1, pending.expiresAt - Date.now())), ...(context?.signal ? [context.signal] : []), ...(context?.pageGone ? [context.pageGone] : [])];
      const drafted = await draftSamplingReply(pending.body, handle, runModelStep, AbortSignal.any(limits)).catch((error: unknown) => {
        if (context?.signal?.aborted) throw failure('cancelled', 'The draft was cancelled.');
        if (limits[0]!.aborted) throw failure('timeout', 'The sampling request ended before the model answered (the server request timeout, Settings).');
        throw error;
      });
      if (drafted instanceof Error) throw failure(kindOf(drafted), `${drafted.message.replace(/--base-url/g, 'the address in Settings → Models')} ${drafted.hint.replace(/--base-url/g, 'the address in Settings → Models')}`);
      const { table } = await loadPriceTable(deps.dataDir);
      const cost = costOf(table, handle.choice, drafted.usage);
      return { text: drafted.text, model: handle.choice.model, finishReason: drafted.finishReason, usage: { ...drafted.usage, ...(cost !== undefined ? { cost } : {}) } };
    },
  };
}
