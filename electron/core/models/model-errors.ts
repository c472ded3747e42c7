/**
 * A failed request to a model provider, said for the user: what happened and what fixes
 * it (start the endpoint, save the right key, pick a model that can call tools).
 */
import { providerFailure } from './model-library';
import { ModelError } from './model-error';
import { PROVIDERS, type ModelChoice } from './providers';

/** Tool calling refused by the model (Ollama, vLLM and OpenAI-compatible servers word it so). */
const NO_TOOLS = /does not support tools|tools? (are|is) not supported|not support(ed)? (function|tool) call|function calling is not (enabled|supported)|tool_choice.*not supported/i;

export function explainModelFailure(error: unknown, choice: ModelChoice): ModelError | undefined {
  if (error instanceof ModelError) return error;
  const failure = providerFailure(error);
  if (!failure) return undefined;
  const provider = PROVIDERS[choice.provider];
  const where = choice.baseUrl ?? `${provider.label}'s API`;
  if (failure.unreachable) {
    const hint =
      choice.provider === 'ollama'
        ? `Start Ollama (ollama serve) and pull the model (ollama pull ${choice.model}), or give its address with --base-url.`
        : `Check that the endpoint is running and that --base-url is its address (with the /v1 part for OpenAI-compatible servers).`;
    return new ModelError(`Nothing answered at ${where}.`, hint, 'unreachable');
  }
  if (failure.status !== undefined && failure.status >= 200 && failure.status < 300) {
    return new ModelError(`${provider.label}'s answer broke off before it ended (${failure.cause ?? failure.message}).`, 'Try again; if it keeps happening, check the endpoint\'s logs or any proxy in between.', 'provider');
  }
  if (failure.status === 401 || failure.status === 403) {
    const env = provider.keyEnv ? ` or set ${provider.keyEnv}` : '';
    return new ModelError(`${provider.label} refused the API key (HTTP ${failure.status}): ${failure.message}`, `Save the right key in Settings → Models${env}.`, 'auth');
  }
  if (NO_TOOLS.test(failure.message)) {
    return new ModelError(`The model ${choice.model} cannot call tools: ${failure.message}`, 'Pick a model that supports tool calling (for Ollama, for example llama3.1, qwen2.5 or mistral-nemo).', 'no-tools');
  }
  if (failure.status === 404) {
    return new ModelError(`${provider.label} does not know the model "${choice.model}" (HTTP 404): ${failure.message}`, 'Check the model name (mcp-workbench models list shows what a local endpoint serves).', 'unknown-model');
  }
  if (failure.status === 429) {
    return new ModelError(`${provider.label} kept refusing for too many requests (HTTP 429), also after retrying: ${failure.message}`, 'Wait and try again, or raise your rate limit with the provider.', 'rate-limited');
  }
  return new ModelError(`${provider.label} answered with an error${failure.status ? ` (HTTP ${failure.status})` : ''}: ${failure.message}`, 'See the provider\'s message above.', 'provider');
}

/** Anything else that ended a model turn (not a provider's answer): said as it is. */
export function unexplainedModelFailure(error: unknown, choice: ModelChoice): ModelError {
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError(`The request to ${PROVIDERS[choice.provider].label} failed: ${message}`, 'Try again; run with --verbose for details.', 'provider');
}
