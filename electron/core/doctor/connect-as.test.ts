/**
 * "Connect as": a server entry with `connectAs` connects with that host's clientInfo and
 * only the capabilities it declares, as the fixture process sees them in initialize.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-connect-as-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false, appVersion: '9.9.9' });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function handshakeOf(name: string, connectAs?: 'claude-desktop' | 'vscode') {
  const file = path.join(dataDir, `${name}-handshake.json`);
  await core.api.addServer({ name, config: { command: process.execPath, args: [fixtureServer('doctor-good')], env: { RAW_SERVER_HANDSHAKE_FILE: file }, ...(connectAs ? { connectAs } : {}) } });
  // Listing waits for the connection (and its initialize) however it was started.
  await core.api.listTools({ name });
  return JSON.parse(await fs.readFile(file, 'utf8')) as { clientInfo: { name: string; version: string }; capabilities: Record<string, unknown> };
}

describe('connect as a host', () => {
  it("uses the workbench's own identity by default", async () => {
    const seen = await handshakeOf('own');
    expect(seen.clientInfo).toEqual({ name: 'mcp-workbench', version: '9.9.9' });
    expect(Object.keys(seen.capabilities)).toEqual(expect.arrayContaining(['roots', 'elicitation', 'sampling']));
  });

  it("sends the host's clientInfo and only the capabilities it declares", async () => {
    const desktop = await handshakeOf('as-desktop', 'claude-desktop');
    expect(desktop.clientInfo.name).toBe('claude-ai');
    expect(desktop.capabilities).toEqual({});
    const code = await handshakeOf('as-vscode', 'vscode');
    expect(code.clientInfo.name).toBe('Visual Studio Code');
    expect(Object.keys(code.capabilities).sort()).toEqual(['elicitation', 'roots', 'sampling']);
  });
});
