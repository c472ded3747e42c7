/**
 * The import rules are enforced by lint; this proves the rules themselves bite, by
 * linting forbidden imports as if they sat in each part of the tree.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's config, as `npm run lint` runs it: the type-aware and hooks tests lint real files with it. */
const eslint = new ESLint();
/**
 * The same config without type information, for files that do not exist (typescript-eslint's
 * project service refuses a file no tsconfig includes, before any rule runs).
 */
const untyped = new ESLint({
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await untyped.lintText(code, { filePath });
  if (result?.messages.some((m) => m.fatal)) throw new Error(result.messages[0]!.message);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

/** The messages of one rule for `code` linted as the (existing) file `filePath`. */
async function ruleErrors(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (result?.messages.some((m) => m.fatal)) throw new Error(result.messages[0]!.message);
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
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

  it.each([
    ['electron/core/models/agent-loop.ts', "import { generateText } from 'ai';\nexport const a = generateText;"],
    ['electron/core/x.ts', "import { createOpenAI } from '@ai-sdk/openai';\nexport const a = createOpenAI;"],
    ['electron/cli/x.ts', "import { streamText } from 'ai';\nexport const a = streamText;"],
    ['electron/host/x.ts', "import { generateText } from 'ai';\nexport const a = generateText;"],
    ['electron/shell/x.ts', "import { generateText } from 'ai';\nexport const a = generateText;"],
    ['renderer/src/x.ts', "import { generateText } from 'ai';\nexport const a = generateText;"],
    ['shared/x.ts', "import { createAnthropic } from '@ai-sdk/anthropic';\nexport const a = createAnthropic;"],
  ])('%s may not use the AI library (only model-library.ts builds models, never as gateway ids)', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).toEqual([expect.stringMatching(/AI library|model itself/)]);
  });

  it.each([
    // Inside the core, each pair of folders depends one way only.
    ['electron/core/connections/x.ts', "import { TaskService } from '../tasks/task-service';\nexport const a = TaskService;"],
    ['electron/core/connections/x.ts', "export const a = import('../doctor/doctor-service');"],
    ['electron/core/connections/transports/x.ts', "import type { CoreContext } from '../../api/core-context';\nexport type A = CoreContext;"],
    ['electron/core/util/x.ts', "import type { ConnectionManager } from '../connections/connection-manager';\nexport type A = ConnectionManager;"],
    ['electron/core/lifecycle/x.ts', "import { stdioTransport } from '../connections/transports/stdio-transport';\nexport const a = stdioTransport;"],
    ['electron/core/secrets/x.ts', "import { ServerRegistry } from '../config/server-registry';\nexport const a = ServerRegistry;"],
    ['electron/core/doctor/x.ts', "import type { CoreContext } from '../api/core-context';\nexport type A = CoreContext;"],
    ['electron/core/skills/x.ts', "import { skillFindings } from '../doctor/rules/skills';\nexport const a = skillFindings;"],
  ])('%s keeps the layering of the core: %s', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).toEqual([expect.stringMatching(/below|bottom|composed by/)]);
  });

  it('lets the folders of the core depend the right way, and its tests start a whole core', async () => {
    expect(await restrictedImportErrors('electron/core/tasks/x.ts', "import type { ConnectionManager } from '../connections/connection-manager';\nexport type A = ConnectionManager;")).toEqual([]);
    expect(await restrictedImportErrors('electron/core/doctor/x.ts', "import { listPage } from '../connections/list-page';\nexport const a = listPage;")).toEqual([]);
    expect(await restrictedImportErrors('electron/core/connections/x.ts', "import { processTree } from '../lifecycle/process-tree';\nexport const a = processTree;")).toEqual([]);
    expect(await restrictedImportErrors('electron/core/util/x.ts', "import { logFailure } from '../diagnostics/diagnostics';\nexport const a = logFailure;")).toEqual([]);
    expect(await restrictedImportErrors('electron/core/doctor/x.test.ts', "import { createCore } from '../api/core-api';\nexport const a = createCore;")).toEqual([]);
  });

  it('lets model-library.ts, and only it, use the AI library', async () => {
    expect(await restrictedImportErrors('electron/core/models/model-library.ts', "import { generateText } from 'ai';\nimport { createOpenAI } from '@ai-sdk/openai';\nexport const a = [generateText, createOpenAI];")).toEqual([]);
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

  it.each([
    // The folder rules also hold for import(), require() and re-exports.
    ['electron/core/x.ts', "export const a = import('../shell/main-window');"],
    ['electron/core/x.ts', "export const a = require('../cli/run-cli');"],
    ['electron/core/x.ts', "export * from '../host/host-server';"],
    ['electron/core/api/x.ts', "export { createMainWindow } from '../../shell/main-window';"],
    ['electron/host/x.ts', "export const a = import('../cli/program');"],
    ['electron/cli/x.ts', "export const a = require('../host/host-server');"],
    ['renderer/src/x.ts', "export const a = import('../../electron/core/api/core-api');"],
    // shared/ runs in the page too: no Node, no Node-only package, no MCP SDK, however reached.
    ['shared/x.ts', "export const a = require('node:fs');"],
    ['shared/x.ts', "export const a = import('child_process');"],
    ['shared/x.ts', "import { Client } from '@modelcontextprotocol/client';\nexport const a = Client;"],
    ['shared/x.ts', "export const a = import('@modelcontextprotocol/client');"],
    ['shared/x.ts', "import { WebSocket } from 'ws';\nexport const a = WebSocket;"],
    ['renderer/src/x.ts', "export const a = import('node:fs');"],
    // A new file directly under electron/ is under the core's rules until it gets its own block.
    ['electron/new-entry.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['electron/new-entry.ts', "import { run } from './cli/run-cli';\nexport const a = run;"],
  ])('%s refuses, however it is reached: %s', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).not.toEqual([]);
  });

  it('the type-aware rules run on product code: a promise nobody awaits or handles is refused', async () => {
    const code = "async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n";
    expect(await ruleErrors('@typescript-eslint/no-floating-promises', 'electron/core/app-data.ts', code)).toHaveLength(1);
    expect(await ruleErrors('@typescript-eslint/no-floating-promises', 'electron/core/app-data.ts', code.replace('  later();', '  void later();'))).toEqual([]);
    // The first type-aware lint builds the whole program.
  }, 180_000);

  it('the renderer follows the rules of hooks, with every dependency named', async () => {
    const conditional = "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await ruleErrors('react-hooks/rules-of-hooks', 'renderer/src/app/App.tsx', conditional)).toHaveLength(1);
    const missing = "import { useEffect } from 'react';\nexport function A({ n }: { n: number }) {\n  useEffect(() => console.log(n), []);\n  return null;\n}\n";
    expect(await ruleErrors('react-hooks/exhaustive-deps', 'renderer/src/app/App.tsx', missing)).toHaveLength(1);
    // ESLint on a renderer file loads the renderer's type-aware configuration, as the test above does.
  }, 180_000);

  it('lets each entry point use what it is for', async () => {
    expect(await restrictedImportErrors('electron/main.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;")).toEqual([]);
    expect(await restrictedImportErrors('electron/preload.ts', "import { ipcRenderer, contextBridge } from 'electron';\nexport const a = [ipcRenderer, contextBridge];")).toEqual([]);
    expect(await restrictedImportErrors('electron/shell/x.ts', "import { app } from 'electron';\nimport { createCore } from '../core/api/core-api';\nexport const a = [app, createCore];")).toEqual([]);
    expect(await restrictedImportErrors('electron/cli/x.ts', "import { createCore } from '../core/api/core-api';\nexport const a = createCore;")).toEqual([]);
    expect(await restrictedImportErrors('electron/host/x.ts', "import { openInBrowser } from '../core/platform/open-browser';\nexport const a = openInBrowser;")).toEqual([]);
  });
});
