/**
 * `models list`: each provider, whether a key is there for it (saved, or from its
 * environment variable; never the key itself) and, for local endpoints, the models they
 * serve. `models set-key` / `forget-key`: the key in the app's secret store (read from
 * stdin, so it stays out of the shell's history and the process list).
 */
import { resolveAppDirs } from '../../core/app-data';
import { listServedModels, type ServedModels } from '../../core/models/local-models';
import { ModelKeys } from '../../core/models/model-keys';
import { isProviderId, ModelChoiceError, parseModelChoice, PROVIDER_IDS, PROVIDERS, type ProviderId } from '../../core/models/providers';
import { createSecretStore } from '../../core/secrets/create-secret-store';
import type { CommandRun } from '../command-run';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import { formatTable } from '../table';

export interface ModelsListOptions {
  baseUrl?: string;
  json?: boolean;
}

async function modelKeys(run: CommandRun): Promise<ModelKeys> {
  const dirs = resolveAppDirs(run.io.env);
  return new ModelKeys({ secrets: await createSecretStore({ dataDir: dirs.config, env: run.io.env }), env: run.io.env });
}

export async function modelsList(run: CommandRun, options: ModelsListOptions): Promise<ExitCode> {
  let endpoint: string | undefined;
  if (options.baseUrl !== undefined) {
    try {
      endpoint = parseModelChoice('openai-compatible:any', options.baseUrl).baseUrl;
    } catch (error) {
      if (error instanceof ModelChoiceError) throw usageError(error.message, error.hint);
      throw error;
    }
  }
  const keys = await modelKeys(run);
  const rows = await Promise.all(
    PROVIDER_IDS.map(async (id) => {
      const info = PROVIDERS[id];
      const key = await keys.resolve(id);
      const baseUrl = id === 'openai-compatible' ? endpoint : info.defaultBaseUrl;
      const served: ServedModels | undefined = info.local && baseUrl ? await listServedModels(baseUrl, key.key) : undefined;
      return {
        provider: id,
        label: info.label,
        local: info.local,
        key: key.source === 'none' ? (info.needsKey ? 'none' : 'not needed') : key.source === 'saved' ? 'saved' : `from ${key.env}`,
        ...(baseUrl ? { baseUrl } : {}),
        ...(served ? (served.ok ? { models: served.models } : { error: served.error }) : {}),
      };
    }),
  );
  if (run.output.json) {
    run.output.document({ providers: rows });
    return EXIT.ok;
  }
  const lines = formatTable(
    rows,
    [
      { header: 'PROVIDER', value: (row) => row.provider },
      { header: 'KEY', value: (row) => row.key },
      { header: 'ENDPOINT', value: (row) => row.baseUrl ?? (row.local ? '(give --base-url)' : 'the provider\'s API') },
      { header: 'MODELS', value: (row) => ('models' in row && row.models ? row.models.join(', ') || '(none pulled)' : 'error' in row ? `unavailable: ${row.error}` : '-') },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(line);
  return EXIT.ok;
}

function providerArgument(name: string | undefined): ProviderId {
  if (!name || !isProviderId(name)) throw usageError(`Name a provider: ${PROVIDER_IDS.join(', ')}${name ? ` ("${name}" is not one)` : ''}.`);
  return name;
}

export async function modelsSetKey(run: CommandRun, name: string | undefined): Promise<ExitCode> {
  const provider = providerArgument(name);
  if (process.stdin.isTTY) run.output.note(`Paste the ${PROVIDERS[provider].label} API key, then press Enter and Ctrl+D:`);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const key = Buffer.concat(chunks).toString('utf8').trim();
  if (!key) throw usageError('No key on stdin.', `For example: printf %s "$KEY" | mcp-workbench models set-key ${provider}`);
  const keys = await modelKeys(run);
  try {
    await keys.save(provider, key);
  } catch (error) {
    throw usageError((error as Error).message);
  }
  run.output.note(`Saved the ${PROVIDERS[provider].label} key in the app's secret store.`);
  return EXIT.ok;
}

export async function modelsForgetKey(run: CommandRun, name: string | undefined): Promise<ExitCode> {
  const provider = providerArgument(name);
  await (await modelKeys(run)).forget(provider);
  run.output.note(`Forgot the saved ${PROVIDERS[provider].label} key${PROVIDERS[provider].keyEnv ? ` (${PROVIDERS[provider].keyEnv} is still used when set)` : ''}.`);
  return EXIT.ok;
}
