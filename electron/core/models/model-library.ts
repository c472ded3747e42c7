/**
 * The one place that uses the AI library (`ai` and its provider packages; lint refuses them
 * anywhere else). Two rules live here:
 *
 * - A model is always a provider instance built from the user's choice (createOpenAI, …),
 *   never a bare model-id string: in `ai`, a string routes through a hosted gateway, and
 *   the workbench talks to the provider the user configured and nothing else.
 * - The library only talks to the model. Tools are declared without `execute`, so the
 *   library never runs one: the agent loop runs each call through the core's tool runner
 *   (permissions, tasks, protocol log, history). Telemetry stays off (never enabled).
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, jsonSchema, RetryError, streamText, tool, type LanguageModel, type ModelMessage, type JSONSchema7, type ToolSet } from 'ai';
import type { ModelChoice } from './providers';

/** A message of the conversation, as the library keeps it. */
export type ConversationMessage = ModelMessage;

// The library prints its warnings on the console by default; the loop reports them itself.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** A model ready to be asked: opaque outside this file, so nothing else can hand the library a string. */
export interface ModelHandle {
  readonly choice: ModelChoice;
  readonly model: Exclude<LanguageModel, string>;
}

export function openModel(choice: ModelChoice, apiKey: string | undefined): ModelHandle {
  const baseURL = choice.baseUrl;
  const common = { ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) };
  let model: Exclude<LanguageModel, string>;
  switch (choice.provider) {
    case 'anthropic':
      model = createAnthropic(common)(choice.model);
      break;
    case 'openai':
      // Chat Completions: the API every OpenAI-compatible server also speaks.
      model = createOpenAI(common).chat(choice.model);
      break;
    case 'google':
      model = createGoogleGenerativeAI(common)(choice.model);
      break;
    case 'openai-compatible':
    case 'ollama':
      model = createOpenAICompatible({ name: choice.provider, baseURL: baseURL!, ...(apiKey ? { apiKey } : {}) }).chatModel(choice.model);
      break;
  }
  if (typeof model === 'string') throw new Error('A model must be a provider instance, never a gateway model id.');
  return { choice, model };
}

/** A tool as the model sees it (named the way the provider accepts). */
export interface ModelTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

interface ModelToolCall {
  id: string;
  name: string;
  input: unknown;
  /** Why the call cannot be run: arguments that are not JSON or break the schema, an unknown tool. */
  invalid?: string;
}

export interface StepRequest {
  system?: string;
  messages: ConversationMessage[];
  tools: ModelTool[];
  signal: AbortSignal;
  /** Retries of a failed request (429 and 5xx, honouring retry-after). */
  maxRetries: number;
  temperature?: number;
  maxOutputTokens?: number;
  /** Stream the answer (text arrives through onTextDelta) or ask for it whole. */
  stream: boolean;
  onTextDelta?: (text: string) => void;
}

export interface StepOutcome {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
  /** The request body the provider received: tool definitions after its schema adaptation. */
  requestBody: unknown;
  /** What the model said this step, to carry into the next one. */
  responseMessages: ConversationMessage[];
  warnings: string[];
}

function toolSet(tools: ModelTool[]): ToolSet {
  const set: ToolSet = {};
  for (const t of tools) {
    // No execute: the library hands the call back to us instead of running it.
    set[t.name] = tool({ ...(t.description ? { description: t.description } : {}), inputSchema: jsonSchema(t.inputSchema as JSONSchema7) });
  }
  return set;
}

/** One model turn: the conversation so far in, the model's text and tool calls out. */
export async function runModelStep(handle: ModelHandle, request: StepRequest): Promise<StepOutcome> {
  const settings = {
    model: handle.model,
    ...(request.system ? { system: request.system } : {}),
    messages: request.messages,
    ...(request.tools.length ? { tools: toolSet(request.tools) } : {}),
    abortSignal: request.signal,
    maxRetries: request.maxRetries,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
  };
  if (!request.stream) {
    const result = await generateText(settings);
    return {
      text: result.text,
      toolCalls: result.toolCalls.map(toToolCall),
      finishReason: result.finishReason,
      usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
      requestBody: result.request.body,
      responseMessages: result.response.messages,
      warnings: (result.warnings ?? []).map(describeWarning),
    };
  }
  let failure: unknown;
  const result = streamText({ ...settings, onError: ({ error }) => void (failure ??= error) });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') request.onTextDelta?.(part.text);
    else if (part.type === 'error') failure ??= part.error;
  }
  if (failure !== undefined) throw failure;
  const [text, toolCalls, finishReason, usage, req, response, warnings] = await Promise.all([
    result.text,
    result.toolCalls,
    result.finishReason,
    result.usage,
    result.request,
    result.response,
    result.warnings,
  ]);
  return {
    text,
    toolCalls: toolCalls.map(toToolCall),
    finishReason,
    usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
    requestBody: req.body,
    responseMessages: response.messages,
    warnings: (warnings ?? []).map(describeWarning),
  };
}

function toToolCall(call: { toolCallId: string; toolName: string; input: unknown; invalid?: boolean; error?: unknown }): ModelToolCall {
  return {
    id: call.toolCallId,
    name: call.toolName,
    input: call.input,
    ...(call.invalid ? { invalid: call.error instanceof Error ? call.error.message : String(call.error ?? 'invalid tool call') } : {}),
  };
}

function describeWarning(warning: unknown): string {
  const w = warning as { type?: string; feature?: string; setting?: string; details?: string; message?: string };
  return [w.type, w.feature ?? w.setting, w.details ?? w.message].filter(Boolean).join(': ');
}

/** A tool result message for the model, in the library's shape. */
export function toolResultMessage(results: Array<{ id: string; name: string; text: string; isError: boolean; denied?: string }>): ConversationMessage {
  return {
    role: 'tool',
    content: results.map((r) => ({
      type: 'tool-result' as const,
      toolCallId: r.id,
      toolName: r.name,
      output: r.denied !== undefined ? { type: 'execution-denied' as const, reason: r.denied } : r.isError ? { type: 'error-text' as const, value: r.text } : { type: 'text' as const, value: r.text },
    })),
  };
}

/** What went wrong with a request to the provider, without the library's types. */
export interface ProviderFailure {
  status?: number;
  /** The provider's own words (its error body's message). */
  message: string;
  url?: string;
  /** The request never got an answer (nothing listening, DNS, TLS). */
  unreachable: boolean;
  retryable: boolean;
  /** What broke underneath (a socket closed mid-answer), in its own words. */
  cause?: string;
}

export function providerFailure(error: unknown): ProviderFailure | undefined {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (!APICallError.isInstance(last)) return undefined;
  const status = last.statusCode;
  const cause = (last.cause ?? undefined) as { code?: string; cause?: { code?: string } } | undefined;
  const code = cause?.code ?? cause?.cause?.code;
  const unreachable = status === undefined && (code !== undefined || /fetch failed|ECONNREFUSED|ENOTFOUND|Cannot connect/i.test(last.message));
  return {
    ...(status !== undefined ? { status } : {}),
    message: bodyMessage(last.responseBody) ?? last.message,
    url: last.url,
    unreachable,
    retryable: last.isRetryable,
    ...(last.cause instanceof Error ? { cause: last.cause.message } : {}),
  };
}

/** `{"error":{"message":…}}` (OpenAI, Anthropic, Gemini alike) or `{"error":"…"}` (Ollama). */
function bodyMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const json = JSON.parse(body) as { error?: string | { message?: string } };
    if (typeof json.error === 'string') return json.error;
    if (typeof json.error?.message === 'string') return json.error.message;
  } catch {
    // Not JSON: the library's own message says enough.
  }
  return undefined;
}
