/**
 * The import rules are enforced by lint; this proves the rules themselves bite, by
 * linting forbidden imports as if they sat in each part of the tree.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
  });
});
