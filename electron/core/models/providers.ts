/**
 * The model providers the workbench can talk to, and how a `<provider>:<model>` choice is
 * read. Only the provider the user names is ever called: there is no default cloud, no
 * gateway and no account.
 */

export const PROVIDER_IDS = ['anthropic', 'openai', 'google', 'openai-compatible', 'ollama'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderInfo {
  id: ProviderId;
  label: string;
  /** The environment variable whose value is used when no key is saved. */
  keyEnv?: string;
  /** A key is required (cloud providers); local endpoints usually take none. */
  needsKey: boolean;
  /** Where requests go when no --base-url is given; absent: the provider's own API. */
  defaultBaseUrl?: string;
  /** Runs on the user's machine or network: usage costs nothing. */
  local: boolean;
}

/** Ollama's OpenAI-compatible endpoint, as it listens by default. */
export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434/v1';

export const PROVIDERS: Readonly<Record<ProviderId, ProviderInfo>> = {
  anthropic: { id: 'anthropic', label: 'Anthropic', keyEnv: 'ANTHROPIC_API_KEY', needsKey: true, local: false },
  openai: { id: 'openai', label: 'OpenAI', keyEnv: 'OPENAI_API_KEY', needsKey: true, local: false },
  google: { id: 'google', label: 'Google Gemini', keyEnv: 'GOOGLE_GENERATIVE_AI_API_KEY', needsKey: true, local: false },
  // Any server speaking OpenAI's chat completions API (LM Studio, llama.cpp, vLLM, LiteLLM): the base URL is required.
  'openai-compatible': { id: 'openai-compatible', label: 'OpenAI-compatible endpoint', needsKey: false, local: true },
  ollama: { id: 'ollama', label: 'Ollama', needsKey: false, defaultBaseUrl: OLLAMA_BASE_URL, local: true },
};

/** A model choice: which provider, which model, and (for endpoints) where. */
export interface ModelChoice {
  provider: ProviderId;
  model: string;
  baseUrl?: string;
}

export class ModelChoiceError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'ModelChoiceError';
  }
}

const PROVIDER_LIST = PROVIDER_IDS.join(', ');

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

/**
 * Reads `<provider>:<model>` (the model may itself hold colons, as Ollama's `llama3.2:3b`)
 * and an optional base URL; every mistake is a ModelChoiceError that says how to fix it.
 */
export function parseModelChoice(spec: string, baseUrl?: string): ModelChoice {
  const colon = spec.indexOf(':');
  if (colon <= 0 || colon === spec.length - 1) {
    throw new ModelChoiceError(`"${spec}" is not a model choice: write <provider>:<model>.`, `For example openai:gpt-4o-mini or ollama:llama3.2. Providers: ${PROVIDER_LIST}.`);
  }
  const provider = spec.slice(0, colon).trim().toLowerCase();
  const model = spec.slice(colon + 1).trim();
  if (!isProviderId(provider)) {
    throw new ModelChoiceError(`Unknown model provider "${provider}".`, `Use one of: ${PROVIDER_LIST} (openai-compatible with --base-url for LM Studio, llama.cpp, vLLM or LiteLLM).`);
  }
  const url = baseUrl ?? PROVIDERS[provider].defaultBaseUrl;
  if (provider === 'openai-compatible' && url === undefined) {
    throw new ModelChoiceError('openai-compatible needs the endpoint\'s address.', `Add --base-url, for example --base-url ${OLLAMA_BASE_URL} (or use ollama:<model> for Ollama's default).`);
  }
  if (url !== undefined) checkBaseUrl(url);
  return { provider, model, ...(url !== undefined ? { baseUrl: url.replace(/\/+$/, '') } : {}) };
}

function checkBaseUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelChoiceError(`--base-url "${url}" is not a URL.`, `Write the endpoint's full address, for example ${OLLAMA_BASE_URL}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ModelChoiceError(`--base-url must be an http:// or https:// address, got ${parsed.protocol}.`, `For example ${OLLAMA_BASE_URL}.`);
  }
  if (parsed.username || parsed.password) {
    throw new ModelChoiceError('--base-url must not carry a user name or password.', 'Save the key with the provider instead; it is sent as a header.');
  }
}
