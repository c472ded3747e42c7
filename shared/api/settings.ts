/**
 * Global settings: one strict schema with a default per key. A later feature adds its
 * setting by adding a key here (schema + default); the store, the API and the file
 * format pick it up without further changes.
 */
import { z } from 'zod';
import type { ChannelTable } from './channel-table';
import { ProviderIdSchema } from './models';

const DAY_MS = 24 * 60 * 60 * 1000;
const millis = (min: number, max: number) =>
  z.number().int('must be a whole number of milliseconds').min(min, `must be at least ${min} ms`).max(max, `must be at most ${max} ms`);
const count = (max: number) => z.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`);

/** The longest connect timeout (MCP_TIMEOUT above it is capped). */
export const MAX_CONNECT_TIMEOUT_MS = 10 * 60 * 1000;
/** The longest call timeout (MCP_TOOL_TIMEOUT above it is capped); well below what a timer can hold. */
export const MAX_CALL_TIMEOUT_MS = DAY_MS;

/** The largest limits a server's automatic sampling may be given (settings.json `samplingAuto`). */
export const SAMPLING_AUTO_LIMITS = { maxTokens: 100_000, perMinute: 600 } as const;

export const SettingsSchema = z.strictObject({
  /** How long a server may take to answer initialize. MCP_TIMEOUT overrides it when set. */
  connectTimeoutMs: millis(100, MAX_CONNECT_TIMEOUT_MS),
  /** Local (stdio) servers started at once at start-up: each is a process. */
  stdioStartupConcurrency: count(32),
  /** Remote servers connected at once at start-up. */
  remoteStartupConcurrency: count(200),
  /** How long a tool call may wait for its answer (or, with reset on progress, for the next progress). */
  callTimeoutMs: millis(100, MAX_CALL_TIMEOUT_MS),
  /** The most a tool call may take in total, however much progress it reports. */
  maxTotalCallTimeoutMs: millis(100, DAY_MS),
  /** Progress notifications restart the call timeout (up to the maximum total). */
  resetTimeoutOnProgress: z.boolean(),
  /** Text in a tool result above this many bytes is cut before it reaches the window; the whole goes to a file. */
  resultTextLimitBytes: z.number().int('must be a whole number of bytes').min(1024, 'must be at least 1024 bytes').max(64 * 1024 * 1024, 'must be at most 64 MB'),
  /** How long a server's question (elicitation, sampling) waits for an answer. */
  serverRequestTimeoutMs: millis(1000, DAY_MS),
  /** Protocol Auto on stdio: how long to wait for an answer to server/discover before taking the server for a 2025 one. */
  eraProbeTimeoutMs: millis(100, 60 * 1000),
  /** The environment variables collections may read as ${env.NAME} (none unless named here). */
  collectionEnv: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name (letters, digits and "_", not starting with a digit)').max(200)).max(200, 'at most 200 names'),
  /**
   * Servers whose sampling requests a model answers without asking, each with the model and
   * its limits. Only this file (the user's own settings) can name a server here: a project's
   * files cannot. A request over a limit, or one the model fails, goes to the dialog.
   */
  samplingAuto: z
    .record(
      z.string().min(1).max(200),
      z.strictObject({
        provider: ProviderIdSchema,
        model: z.string().trim().min(1).max(256),
        /** The most tokens one answer may take; a request asking for more is answered with this many. */
        maxTokens: count(SAMPLING_AUTO_LIMITS.maxTokens),
        /** The most requests of this server answered in a minute. */
        perMinute: count(SAMPLING_AUTO_LIMITS.perMinute),
      }),
    )
    .refine((value) => Object.keys(value).length <= 200, 'at most 200 servers'),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  connectTimeoutMs: 30_000,
  stdioStartupConcurrency: 3,
  remoteStartupConcurrency: 20,
  callTimeoutMs: 60_000,
  maxTotalCallTimeoutMs: 10 * 60 * 1000,
  resetTimeoutOnProgress: true,
  resultTextLimitBytes: 100 * 1024,
  serverRequestTimeoutMs: 5 * 60 * 1000,
  eraProbeTimeoutMs: 3000,
  collectionEnv: [],
  samplingAuto: {},
};

const SettingsPatchSchema = SettingsSchema.partial();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export interface SettingsView {
  /** What is saved (or the default where nothing is). */
  values: Settings;
  defaults: Settings;
  /** What the app actually uses: `values` with environment overrides applied. */
  effective: Settings;
  /** Keys overridden from outside, with what overrides them (e.g. "MCP_TIMEOUT=5000"). */
  overrides: Partial<Record<SettingKey, string>>;
  /** A problem with the settings file (unreadable, or a value replaced by its default). */
  problem?: string;
}

export interface SettingsApi {
  getSettings(): Promise<SettingsView>;
  /** Saves the given keys; the others keep their values. */
  updateSettings(request: SettingsPatch): Promise<SettingsView>;
}

export const settingsChannels: ChannelTable<SettingsApi> = {
  getSettings: { channel: 'settings:get', request: z.undefined() },
  updateSettings: { channel: 'settings:update', request: SettingsPatchSchema },
};
