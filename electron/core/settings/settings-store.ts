/**
 * The global settings, persisted as `settings.json` in the app data folder (written
 * atomically). Each key is read on its own: a bad value falls back to its default and
 * is reported, without losing the others. Keys this version does not know (written by
 * a newer one) are kept. Environment variables override a few keys for the run:
 * MCP_TIMEOUT sets the connect timeout, MCP_TOOL_TIMEOUT the call timeout (both in ms),
 * and MAX_MCP_OUTPUT_TOKENS the result text limit, as in Claude Code (see env-overrides.ts).
 * The environment is read once, when the store is made: every tool call asks for the
 * effective settings, and parsing the variables each time was work for nothing. The
 * effective settings are worked out again only when the saved values change.
 */
import path from 'node:path';
import { DEFAULT_SETTINGS, SettingsSchema, type SettingKey, type Settings, type SettingsPatch, type SettingsView } from '../../../shared/api/settings';
import { AppError } from '../../../shared/envelope';
import { JsonFile, JsonObjectSchema } from '../util/json-file';
import { envOverrides } from './env-overrides';
import { failure } from '../../../shared/errors';

const SETTINGS_FILE = 'settings.json';

export class SettingsStore {
  private stored: Partial<Settings> = {};
  private unknown: Record<string, unknown> = {};
  private problem: string | undefined;
  /** A file that cannot be parsed at all is never overwritten (its problem says so). */
  private readonly file: JsonFile<Record<string, unknown>>;
  private readonly listeners = new Set<(view: SettingsView) => void>();
  private readonly overrides: ReturnType<typeof envOverrides>;
  private current: Settings;

  constructor(
    dataDir: string,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.file = new JsonFile(path.join(dataDir, SETTINGS_FILE), JsonObjectSchema, () => ({}));
    this.overrides = envOverrides(env);
    this.current = this.merge();
  }

  get filePath(): string {
    return this.file.filePath;
  }

  async load(): Promise<void> {
    const json = await this.file.read();
    if (this.file.problem) {
      this.problem = `${this.file.problem.replace(/; fix or remove it to save changes\.$/, '')}; using the defaults. Fix or remove it to save settings.`;
      return;
    }
    const shape = SettingsSchema.shape;
    const bad: string[] = [];
    for (const [key, value] of Object.entries(json)) {
      if (!Object.hasOwn(shape, key)) {
        this.unknown[key] = value;
        continue;
      }
      const parsed = shape[key as SettingKey].safeParse(value);
      if (parsed.success) (this.stored as Record<string, unknown>)[key] = parsed.data;
      else bad.push(`${key} (${parsed.error.issues[0]?.message})`);
    }
    if (bad.length > 0) this.problem = `${this.filePath}: using the default for ${bad.join(', ')}.`;
    this.current = this.merge();
  }

  /** Saved values, with defaults for the rest. */
  get values(): Settings {
    return { ...DEFAULT_SETTINGS, ...this.stored };
  }

  /** What the app runs with: the values, with environment overrides applied (a copy). */
  effective(): Settings {
    return { ...this.current };
  }

  private merge(): Settings {
    return { ...this.values, ...this.overrides.values };
  }

  view(): SettingsView {
    return {
      values: this.values,
      defaults: DEFAULT_SETTINGS,
      effective: this.effective(),
      overrides: { ...this.overrides.reasons },
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }

  async update(patch: SettingsPatch): Promise<SettingsView> {
    if (this.file.problem) throw failure('invalid-input', `Not saving: ${this.problem}`);
    const parsed = SettingsSchema.partial().safeParse(patch);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('invalid-request', `${issue?.path.join('.') || 'settings'}: ${issue?.message}`);
    }
    const next = { ...this.stored, ...stripUndefined(parsed.data) };
    await this.file.write({ ...this.unknown, ...next });
    this.stored = next;
    this.current = this.merge();
    this.problem = undefined;
    const view = this.view();
    for (const listener of this.listeners) listener(view);
    return view;
  }

  onChange(listener: (view: SettingsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}


function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
