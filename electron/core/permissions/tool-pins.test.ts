/**
 * Tool definition pins through the real core and a real fixture process: a tool allowed
 * once is pinned; after the server changes its description the next run is refused, the
 * error saying what changed, until the change is accepted.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { AppError } from '../../../shared/envelope';
import { createCore, type Core } from '../api/core-api';
import { PINS_FILE } from './tool-pins';

let core: Core;
let dataDir: string;
const config = (variant: string) => ({ command: process.execPath, args: [fixtureServer('doctor-good')], env: { DOCTOR_GOOD_VARIANT: variant } });
const call = (extra: { acceptChanges?: boolean } = {}) => core.api.callTool({ server: 'notes', tool: 'add_note', arguments: { text: 'hi', tags: [] }, confirmed: true, ...extra });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-pins-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  await core.api.addServer({ name: 'notes', config: config('first') });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('tool definition pins', () => {
  it('pins a tool when it first runs with leave, and flags a changed description before it runs again', async () => {
    expect((await call()).isError).toBe(false);
    const pins = JSON.parse(await fs.readFile(path.join(dataDir, PINS_FILE), 'utf8')) as { servers: Record<string, Record<string, { parts: Record<string, string> }>> };
    expect(Object.keys(pins.servers)).toEqual(['notes']);
    expect(Object.keys(pins.servers['notes']!)).toEqual(['add_note']);
    expect(Object.keys(pins.servers['notes']!['add_note']!.parts).sort()).toEqual(['annotations', 'description', 'inputSchema', 'outputSchema', 'title']);

    // Unchanged: runs again without a word.
    expect((await call()).isError).toBe(false);

    const [entry] = (await core.api.listServers()).filter((s) => s.name === 'notes');
    await core.api.updateServer({ name: 'notes', scope: entry!.scope!, config: config('changed') });
    await core.api.connectServer({ name: 'notes' });
    const refused = await call().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).kind).toBe('tool-changed');
    expect((refused as AppError).message).toMatch(/mcp__notes__add_note changed since you allowed it: its description changed/);
    expect((refused as AppError).message).not.toMatch(/input schema/);

    // Accepted once: pinned again, and runs from then on.
    expect((await call({ acceptChanges: true })).isError).toBe(false);
    expect((await call()).isError).toBe(false);
  });
});
