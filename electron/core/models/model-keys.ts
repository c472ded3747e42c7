/**
 * Model providers' API keys: kept in the app's secret store (the system keychain's, shared
 * by the app, browser mode and the CLI), never in a config file; the provider's usual
 * environment variable is used when none is saved. Every key read is handed to the
 * redactor, so it is masked in logs and messages like any other secret.
 */
import type { SecretStore } from '../secrets/secret-store';
import { PROVIDERS, type ProviderId } from './providers';

export type KeySource = 'saved' | 'environment' | 'none';

export interface ResolvedKey {
  key?: string;
  source: KeySource;
  /** For messages: the environment variable that was (or could be) used. */
  env?: string;
}

interface ModelKeysDeps {
  secrets: SecretStore;
  env: NodeJS.ProcessEnv;
  /** Told each key value, so the redactor masks it wherever it might appear. */
  onSecret?: (value: string) => void;
}

const secretName = (provider: ProviderId) => `model:${provider}:api-key`;

export class ModelKeys {
  constructor(private readonly deps: ModelKeysDeps) {}

  async resolve(provider: ProviderId): Promise<ResolvedKey> {
    const env = PROVIDERS[provider].keyEnv;
    const saved = await this.deps.secrets.get(secretName(provider));
    if (saved) return this.found(saved, 'saved', env);
    const fromEnv = env ? this.deps.env[env]?.trim() : undefined;
    if (fromEnv) return this.found(fromEnv, 'environment', env);
    return { source: 'none', ...(env ? { env } : {}) };
  }

  async save(provider: ProviderId, key: string): Promise<void> {
    const value = key.trim();
    if (!value) throw new Error('The key is empty: paste the whole key.');
    if (/\s/.test(value)) throw new Error('A key holds no spaces or line breaks: paste the key alone.');
    this.deps.onSecret?.(value);
    await this.deps.secrets.set(secretName(provider), value);
  }

  async forget(provider: ProviderId): Promise<void> {
    await this.deps.secrets.delete(secretName(provider));
  }

  private found(key: string, source: KeySource, env: string | undefined): ResolvedKey {
    this.deps.onSecret?.(key);
    return { key, source, ...(env ? { env } : {}) };
  }
}
