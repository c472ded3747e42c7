import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/api/settings';
import { SettingsStore } from './settings-store';
import { TempDirs } from '../../../tests/support/temp-dirs';

const temp = new TempDirs();
afterEach(() => temp.removeAll());

const tempDir = () => temp.make('mcpwb-settings-');

describe('SettingsStore', () => {
  it('starts from the defaults, saves a patch atomically, and reads it back', async () => {
    const dir = await tempDir();
    const store = new SettingsStore(dir, {});
    await store.load();
    expect(store.values).toEqual(DEFAULT_SETTINGS);
    const seen: unknown[] = [];
    store.onChange((view) => seen.push(view.values.stdioStartupConcurrency));
    await store.update({ stdioStartupConcurrency: 5, callTimeoutMs: 90_000 });
    expect(seen).toEqual([5]);
    const again = new SettingsStore(dir, {});
    await again.load();
    expect(again.values).toMatchObject({ stdioStartupConcurrency: 5, callTimeoutMs: 90_000, connectTimeoutMs: 30_000 });
  });

  it('MCP_TIMEOUT overrides the connect timeout and says so', async () => {
    const store = new SettingsStore(await tempDir(), { MCP_TIMEOUT: '5000' });
    await store.load();
    await store.update({ connectTimeoutMs: 12_000 });
    expect(store.view()).toMatchObject({ values: { connectTimeoutMs: 12_000 }, effective: { connectTimeoutMs: 5000 }, overrides: { connectTimeoutMs: 'MCP_TIMEOUT=5000' } });
    // Not a number of milliseconds: the setting stands (30 s by default).
    const unset = new SettingsStore(await tempDir(), { MCP_TIMEOUT: 'soon' });
    await unset.load();
    expect(unset.effective().connectTimeoutMs).toBe(30_000);
    expect(unset.view().overrides.connectTimeoutMs).toBeUndefined();
  });

  it("MCP_TOOL_TIMEOUT and MAX_MCP_OUTPUT_TOKENS override the call timeout and the result text limit, as in Claude Code", async () => {
    const store = new SettingsStore(await tempDir(), { MCP_TOOL_TIMEOUT: '120000', MAX_MCP_OUTPUT_TOKENS: '50000' });
    await store.load();
    expect(store.view()).toMatchObject({
      values: { callTimeoutMs: DEFAULT_SETTINGS.callTimeoutMs, resultTextLimitBytes: DEFAULT_SETTINGS.resultTextLimitBytes },
      effective: { callTimeoutMs: 120_000, resultTextLimitBytes: 200_000 },
      overrides: { callTimeoutMs: 'MCP_TOOL_TIMEOUT=120000', resultTextLimitBytes: 'MAX_MCP_OUTPUT_TOKENS=50000 (about 200000 bytes, counting 4 characters a token)' },
    });
  });

  it('a bad value falls back to its default, unknown keys are kept, an unparsable file is never overwritten', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'settings.json');
    await fs.writeFile(file, JSON.stringify({ callTimeoutMs: -5, remoteStartupConcurrency: 7, futureKey: { a: 1 } }));
    const store = new SettingsStore(dir, {});
    await store.load();
    expect(store.values).toMatchObject({ callTimeoutMs: DEFAULT_SETTINGS.callTimeoutMs, remoteStartupConcurrency: 7 });
    expect(store.view().problem).toMatch(/default for callTimeoutMs/);
    await store.update({ resetTimeoutOnProgress: false });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ futureKey: { a: 1 }, remoteStartupConcurrency: 7, resetTimeoutOnProgress: false });

    await fs.writeFile(file, '{ broken');
    const broken = new SettingsStore(dir, {});
    await broken.load();
    expect(broken.values).toEqual(DEFAULT_SETTINGS);
    await expect(broken.update({ callTimeoutMs: 1000 })).rejects.toThrow(/Not saving: .*not valid JSON/);
    expect(await fs.readFile(file, 'utf8')).toBe('{ broken');
  });
});
