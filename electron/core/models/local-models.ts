/**
 * The models a local OpenAI-compatible endpoint serves (GET <base>/models, which Ollama,
 * LM Studio, llama.cpp's server and vLLM all answer), for `models list` and the model
 * picker. The only request made is to the address the user configured.
 */

/** A local endpoint answers at once or is not running; the user is waiting on a list. */
const LIST_TIMEOUT_MS = 3000;
/** More than any model list; a larger answer is not a model list. */
const MAX_LIST_BYTES = 1024 * 1024;

export type ServedModels = { ok: true; models: string[] } | { ok: false; error: string };

export async function listServedModels(baseUrl: string, apiKey?: string, timeoutMs = LIST_TIMEOUT_MS): Promise<ServedModels> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  timer.unref();
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/models`, { signal: controller.signal, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });
    if (!response.ok) return { ok: false, error: `HTTP ${response.status} from ${baseUrl}/models` };
    const text = await response.text();
    if (text.length > MAX_LIST_BYTES) return { ok: false, error: `${baseUrl}/models answered with more than ${MAX_LIST_BYTES} bytes` };
    const body = JSON.parse(text) as { data?: Array<{ id?: unknown }> };
    if (!Array.isArray(body.data)) return { ok: false, error: `${baseUrl}/models did not answer with a model list` };
    return { ok: true, models: body.data.map((m) => m.id).filter((id): id is string => typeof id === 'string') };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, error: `no answer from ${baseUrl} within ${timeoutMs / 1000} s` };
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, error: cause === 'ECONNREFUSED' ? `nothing listens at ${baseUrl}` : (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
