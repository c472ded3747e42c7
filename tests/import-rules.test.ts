/**
 * The import rules are enforced by lint; this proves the rules themselves bite, by
 * linting forbidden imports as if they sat in each part of the tree.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('import rules', () => {
  it.each([
    ['electron/core/connections/x.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['electron/core/x.ts', "import type { App } from 'electron';\nexport type A = App;"],
    ['shared/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;"],
    ['renderer/src/x.ts', "import { shell } from 'electron';\nexport const a = shell;"],
    ['electron/browser-host.ts', "import { app } from 'electron';\nexport const a = app;"],
  ])('%s may not import electron', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['renderer/src/x.ts', "import fs from 'node:fs';\nexport const a = fs;"],
    ['renderer/src/x.ts', "import { spawn } from 'child_process';\nexport const a = spawn;"],
    ['renderer/src/x.ts', "import { createCore } from '../../electron/core/api/core-api';\nexport const a = createCore;"],
    ['shared/x.ts', "import path from 'node:path';\nexport const a = path;"],
    ['electron/core/x.ts', "import { createMainWindow } from '../shell/main-window';\nexport const a = createMainWindow;"],
  ])('%s may not import Node or another part: %s', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).not.toEqual([]);
  });

  it('allows what each part may use', async () => {
    expect(await restrictedImportErrors('electron/main.ts', "import { app } from 'electron';\nexport const a = app;")).toEqual([]);
    expect(await restrictedImportErrors('electron/core/x.ts', "import fs from 'node:fs';\nexport const a = fs;")).toEqual([]);
    expect(await restrictedImportErrors('renderer/src/x.ts', "import type { AppApi } from '../../shared/api';\nexport type A = AppApi;")).toEqual([]);
    expect(await restrictedImportErrors('renderer/src/components/apps/x.ts', "import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';\nexport const a = AppBridge;")).toEqual([]);
  });

  it.each([
    // Electron reached sideways, where a static-import rule would not look.
    ['electron/core/x.ts', "export const e = require('electron');"],
    ['electron/core/x.ts', "export const e = import('electron');"],
    ['electron/host/x.ts', "export const e = require('electron');"],
    ['electron/cli/x.ts', "export const e = import('electron');"],
    ['renderer/src/x.ts', "export const e = import('electron');"],
    ['shared/x.ts', "export const e = require('electron');"],
    // The entry points are imported by nobody.
    ['electron/core/x.ts', "import { start } from '../main';\nexport const a = start;"],
    ['electron/shell/x.ts', "import { start } from '../main';\nexport const a = start;"],
    ['electron/cli/x.ts', "import { start } from '../preload';\nexport const a = start;"],
    // core never reaches up into the front ends.
    ['electron/core/x.ts', "import { run } from '../cli/run-cli';\nexport const a = run;"],
    ['electron/core/api/x.ts', "import { h } from '../../host/host-server';\nexport const a = h;"],
    // host and CLI never import each other; the shell imports neither.
    ['electron/host/x.ts', "import { run } from '../cli/run-cli';\nexport const a = run;"],
    ['electron/browser-host.ts', "import { run } from './cli/run-cli';\nexport const a = run;"],
    ['electron/cli/x.ts', "import { h } from '../host/host-server';\nexport const a = h;"],
    ['electron/cli.ts', "import { h } from './host/host-server';\nexport const a = h;"],
    ['electron/shell/x.ts', "import { h } from '../host/host-server';\nexport const a = h;"],
    ['electron/shell/x.ts', "import { run } from '../cli/run-cli';\nexport const a = run;"],
    // The renderer never talks MCP or raw sockets itself.
    ['renderer/src/x.ts', "import { WebSocket } from 'ws';\nexport const a = WebSocket;"],
    ['renderer/src/x.ts', "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nexport const a = Client;"],
    ['renderer/src/x.ts', "import { Client } from '@modelcontextprotocol/client';\nexport const a = Client;"],
    // The MCP Apps host may use ext-apps' app-bridge, and nothing else of MCP, nor Node or electron.
    ['renderer/src/x.ts', "import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';\nexport const a = AppBridge;"],
    ['renderer/src/components/apps/x.ts', "import { Client } from '@modelcontextprotocol/client';\nexport const a = Client;"],
    ['renderer/src/components/apps/x.ts', "import { App } from '@modelcontextprotocol/ext-apps';\nexport const a = App;"],
    ['renderer/src/components/apps/x.ts', "import fs from 'node:fs';\nexport const a = fs;"],
    ['renderer/src/components/apps/x.ts', "import { createCore } from '../../../../electron/core/api/core-api';\nexport const a = createCore;"],
    // Raw IPC only in the two files that should use it.
    ['electron/shell/x.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;"],
    ['electron/shell/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;"],
    ['electron/main.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;"],
    ['electron/preload.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;"],
  ])('%s refuses: %s', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).not.toEqual([]);
  });

  it('lets each entry point use what it is for', async () => {
    expect(await restrictedImportErrors('electron/main.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;")).toEqual([]);
    expect(await restrictedImportErrors('electron/preload.ts', "import { ipcRenderer, contextBridge } from 'electron';\nexport const a = [ipcRenderer, contextBridge];")).toEqual([]);
    expect(await restrictedImportErrors('electron/shell/x.ts', "import { app } from 'electron';\nimport { createCore } from '../core/api/core-api';\nexport const a = [app, createCore];")).toEqual([]);
    expect(await restrictedImportErrors('electron/cli/x.ts', "import { createCore } from '../core/api/core-api';\nexport const a = createCore;")).toEqual([]);
    expect(await restrictedImportErrors('electron/host/x.ts', "import { openInBrowser } from '../core/platform/open-browser';\nexport const a = openInBrowser;")).toEqual([]);
  });
});
