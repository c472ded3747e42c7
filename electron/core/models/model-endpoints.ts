/**
 * Where each provider's requests go, when the user set an address: an OpenAI-compatible
 * server (LM Studio, llama.cpp, vLLM, LiteLLM), Ollama elsewhere than its default, or a
 * proxy in front of a cloud provider. Kept in `model-endpoints.json` in the data folder;
 * an address holds no secret (one with a user name or password is refused), keys stay in
 * the secret store.
 */
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../util/json-file';
import { isProviderId, parseModelChoice, type ProviderId } from './providers';

const ENDPOINTS_FILE = 'model-endpoints.json';

const EndpointsSchema = z.strictObject({ baseUrls: z.record(z.string(), z.string().max(2048)) });
type Endpoints = z.infer<typeof EndpointsSchema>;

export class ModelEndpoints {
  private readonly file: JsonFile<Endpoints>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, ENDPOINTS_FILE), EndpointsSchema, () => ({ baseUrls: {} }), { lock: true });
  }

  /** The addresses the user set, by provider (entries for unknown providers are ignored). */
  async all(): Promise<Partial<Record<ProviderId, string>>> {
    const { baseUrls } = await this.file.read();
    return Object.fromEntries(Object.entries(baseUrls).filter(([id]) => isProviderId(id)));
  }

  /** Checks the address as a model choice would (http(s), no credentials) and keeps it; null forgets it. Throws ModelChoiceError. */
  async set(provider: ProviderId, baseUrl: string | null): Promise<void> {
    const clean = baseUrl === null ? null : parseModelChoice(`${provider}:check`, baseUrl.trim()).baseUrl!;
    await this.file.update((current) => {
      const baseUrls = { ...current.baseUrls };
      if (clean === null) delete baseUrls[provider];
      else baseUrls[provider] = clean;
      return { baseUrls };
    });
  }
}
