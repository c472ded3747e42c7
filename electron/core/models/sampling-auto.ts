/**
 * Sampling requests answered by a model without asking, for the servers the user named in
 * settings.json (`samplingAuto`: the model and its limits; a project's files cannot name one).
 * Within the limits: each answer takes at most `maxTokens` (a request asking for more gets
 * that many), at most `perMinute` of a server's requests in any minute. A request over a
 * limit, or one the model fails, is left to the dialog (undefined): never silently dropped.
 * Each answer is announced (an event the page shows), so nothing is answered unseen.
 * The request's model preferences are honoured where they can be: a hint (a substring of a
 * model name, as the specification defines it) that names a model the rule's local endpoint
 * serves picks that model; a cloud provider's catalogue cannot be listed, so its rule's model
 * answers.
 */
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/client';
import type { Settings } from '../../../shared/api/settings';
import type { ServerName } from '../../../shared/config/server-config';
import type { AppEvent } from '../../../shared/events';
import { logFailure } from '../diagnostics/diagnostics';
import { samplingRequestBody } from '../elicitation/sampling-feature';
import type { ModelHandle, StepOutcome, StepRequest } from './model-library';
import type { ProviderId } from './providers';
import { draftSamplingReply } from './sampling-draft';

const MINUTE_MS = 60_000;
/** How long a local endpoint's list of models is trusted before it is asked again. */
const SERVED_TTL_MS = 60_000;

interface AutoSamplerDeps {
  rules: () => Settings['samplingAuto'];
  /** The model the rule names, with its key and address as Settings → Models has them. */
  open: (provider: ProviderId, model: string) => Promise<ModelHandle>;
  turn: (handle: ModelHandle, request: StepRequest) => Promise<StepOutcome>;
  emit: (event: AppEvent) => void;
  /** The longest a model may take to answer (the server request timeout): a hung provider never holds a server's request. */
  timeoutMs: () => number;
  /** The models a local provider's endpoint serves (undefined: a cloud provider, or it could not say). */
  served?: (provider: ProviderId) => Promise<string[] | undefined>;
  now?: () => number;
}

export class AutoSampler {
  /** When each server's recent requests were answered, for the per-minute limit. */
  private readonly answeredAt = new Map<ServerName, number[]>();
  private readonly servedLists = new Map<ProviderId, { at: number; models: Promise<string[] | undefined> }>();

  constructor(private readonly deps: AutoSamplerDeps) {}

  /** The model's answer, or undefined: the person answers in the dialog. */
  readonly answer = async (server: ServerName, params: CreateMessageRequest['params'], signal?: AbortSignal): Promise<CreateMessageResult | undefined> => {
    const rule = this.deps.rules()[server];
    if (!rule) return undefined;
    const now = (this.deps.now ?? Date.now)();
    const recent = (this.answeredAt.get(server) ?? []).filter((at) => now - at < MINUTE_MS);
    this.answeredAt.set(server, recent);
    if (recent.length >= rule.perMinute) return undefined;
    recent.push(now);
    const body = samplingRequestBody(params);
    const model = await this.modelFor(rule.provider, rule.model, params.modelPreferences?.hints, now);
    let handle: ModelHandle;
    try {
      handle = await this.deps.open(rule.provider, model);
    } catch (error) {
      logFailure(`Answering ${server}'s sampling request with ${rule.provider}:${rule.model} failed; it goes to the dialog`)(error);
      return undefined;
    }
    const limit = AbortSignal.timeout(this.deps.timeoutMs());
    let drafted: Awaited<ReturnType<typeof draftSamplingReply>>;
    try {
      drafted = await draftSamplingReply({ ...body, maxTokens: Math.min(body.maxTokens, rule.maxTokens) }, handle, this.deps.turn, signal ? AbortSignal.any([signal, limit]) : limit);
    } catch (error) {
      // The server withdrew the request (its own cancel is the answer), or the model took too long: the person decides.
      if (signal?.aborted) throw error;
      logFailure(`${rule.provider}:${rule.model} did not answer ${server}'s sampling request in time; it goes to the dialog`)(error);
      return undefined;
    }
    if (drafted instanceof Error) {
      logFailure(`Answering ${server}'s sampling request with ${rule.provider}:${rule.model} failed; it goes to the dialog`)(drafted);
      return undefined;
    }
    this.deps.emit({ type: 'sampling-answered', server, model: `${rule.provider}:${model}`, inputTokens: drafted.usage.inputTokens, outputTokens: drafted.usage.outputTokens });
    return { role: 'assistant', content: { type: 'text', text: drafted.text }, model, stopReason: drafted.finishReason === 'length' ? 'maxTokens' : 'endTurn' };
  };

  /** The first hint, in the server's order, that a model of the rule's local endpoint contains; otherwise the rule's model. */
  private async modelFor(provider: ProviderId, ruleModel: string, hints: Array<{ name?: string }> | undefined, now: number): Promise<string> {
    const names = (hints ?? []).map((hint) => hint.name?.trim()).filter((name): name is string => !!name);
    if (names.length === 0 || !this.deps.served) return ruleModel;
    let cached = this.servedLists.get(provider);
    if (!cached || now - cached.at > SERVED_TTL_MS) {
      cached = { at: now, models: this.deps.served(provider).catch(() => undefined) };
      this.servedLists.set(provider, cached);
    }
    const served = await cached.models;
    if (!served) return ruleModel;
    for (const name of names) {
      if (ruleModel.includes(name)) return ruleModel;
      const match = served.find((model) => model.includes(name));
      if (match) return match;
    }
    return ruleModel;
  }
}
