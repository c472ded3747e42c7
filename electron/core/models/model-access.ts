/**
 * What a run of collections needs to talk to models: a model opened from `<provider>:<model>`
 * with its key (saved, else the provider's environment variable), the way each turn is
 * answered (the provider, a recorder in front of it, or a replay of a recording), and the
 * price table. A replay calls no provider, so it needs no key.
 */
import type { SecretStore } from '../secrets/secret-store';
import { ModelKeys } from './model-keys';
import type { ModelHandle } from './model-library';
import type { ModelRecording, ModelTurn } from './model-recording';
import { loadPriceTable, type PriceTable } from './prices';
import { parseModelChoice, PROVIDERS } from './providers';

export interface ModelAccess {
  /** The model, or an Error whose message says what to fix (an unknown provider, a missing key). */
  open(spec: string, baseUrl?: string): Promise<ModelHandle>;
  turn: ModelTurn;
  prices(): Promise<PriceTable>;
}

/** How model turns are answered in this run: by the provider, recorded, or replayed from a recording. */
export type ModelTurnMode = { kind: 'live' } | { kind: 'record'; recording: ModelRecording } | { kind: 'replay'; recording: ModelRecording };

interface ModelAccessDeps {
  secrets: SecretStore;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  mode?: ModelTurnMode;
  /** Told each key read, so the redactor masks it. */
  onSecret?: (value: string) => void;
}

/**
 * The AI library is loaded on the first eval step, not with the core: every command and the
 * app start without it (it is large), as `chat` does.
 */
const library = () => import('./model-library');
const providerTurn: ModelTurn = async (handle, request) => (await library()).runModelStep(handle, request);

export function createModelAccess(deps: ModelAccessDeps): ModelAccess {
  const mode = deps.mode ?? { kind: 'live' };
  const keys = new ModelKeys({ secrets: deps.secrets, env: deps.env, ...(deps.onSecret ? { onSecret: deps.onSecret } : {}) });
  return {
    async open(spec, baseUrl) {
      const choice = parseModelChoice(spec, baseUrl);
      const { openModel } = await library();
      if (mode.kind === 'replay') return openModel(choice, undefined);
      const key = await keys.resolve(choice.provider);
      const provider = PROVIDERS[choice.provider];
      if (provider.needsKey && !key.key) {
        throw new Error(`No API key for ${provider.label} (${spec}): set ${provider.keyEnv}, save one with mcp-workbench models set-key ${choice.provider}, or replay a recording with --llm-replay <file>.`);
      }
      return openModel(choice, key.key);
    },
    turn: mode.kind === 'live' ? providerTurn : mode.kind === 'record' ? mode.recording.recorder(providerTurn) : mode.recording.replayer(),
    prices: async () => (await loadPriceTable(deps.dataDir)).table,
  };
}
