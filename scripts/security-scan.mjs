#!/usr/bin/env node
// Electron security scan of the built app, run by `npm test` after the build:
// @doyensec/electronegativity over out/electron and out/renderer. Passes only with zero
// findings; a finding that is wrong for us is suppressed where it occurs with an
// `eng-disable CHECK_ID` comment that gives the reason.
//
// Excluded: AvailableSecurityFixesGlobalCheck, the one check that needs the internet
// (it downloads Electron's release list). Electronegativity also tries to fetch updated
// translations for 1 s and falls back to its bundled ones: harmless offline.
//
// In bundled code an eng-disable comment cannot stay on the flagged line (esbuild moves
// or drops comments inside statements), so findings in the bundles that were reviewed
// and accepted are listed in REVIEWED, each with its reason, matched by check id and by
// the flagged source text. An entry that no longer matches anything fails the scan, so
// the list cannot go stale.
//
// Electronegativity reads only .js/.jsx/.ts/.tsx/.html files, so the .cjs bundles are
// staged under .js names. The Electron version is passed explicitly (not read from a
// package.json), since the scan is of the app's code, not of its dependency list.
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** @type {(options: Record<string, unknown>) => Promise<{ errors: { file: string, message: string, tolerable: boolean }[], issues: Finding[] }>} */
const electronegativity = require('@doyensec/electronegativity');

/** @typedef {{ id: string, file: string, location: { line: number, column: number }, description: string, sample?: string }} Finding */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ONLINE_ONLY = ['AvailableSecurityFixesGlobalCheck'];

/**
 * Findings looked at and accepted, each matched by its code as bundled (the bundler may add a
 * number to a local name that another module also uses: `verdict2`).
 * @type {{ id: string, sample: RegExp, reason: string }[]}
 */
const REVIEWED = [
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    sample: /shell\.openExternal\(verdict\d*\.url\)/,
    reason: 'electron/shell/open-external.ts: only a URL that passed checkExternalUrl (a clean http: or https: URL) reaches this call',
  },
];
const { devDependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const electronVersion = String(devDependencies.electron).replace(/^[^\d]*/, '');

/** @param {string} input */
function scan(input) {
  return electronegativity({
    input,
    excludeFromScan: ONLINE_ONLY,
    electronVersionOverride: electronVersion,
    isRelative: true,
    parserPlugins: [],
  });
}

for (const built of ['out/electron/main.cjs', 'out/electron/preload.cjs', 'out/renderer/index.html']) {
  if (!existsSync(path.join(ROOT, built))) {
    console.error(`${built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'mcpwb-scan-'));
let failed = false;
try {
  // 1. A canary: the scanner must flag a window with Node integration. If it does not
  //    (a broken install, a parser that silently skips files), a clean scan means nothing.
  const canary = path.join(work, 'canary');
  mkdirSync(canary);
  writeFileSync(
    path.join(canary, 'main.js'),
    "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });\n",
  );
  const canaryIds = new Set((await scan(canary)).issues.map((issue) => issue.id));
  const canaryOk = canaryIds.has('NODE_INTEGRATION_JS_CHECK') && canaryIds.has('CONTEXT_ISOLATION_JS_CHECK');
  console.log(`${canaryOk ? '  ok  ' : '  FAIL'} the scanner flags a deliberately insecure window (${[...canaryIds].join(', ') || 'nothing'})`);
  failed ||= !canaryOk;

  // 2. The app.
  const app = path.join(work, 'app');
  mkdirSync(path.join(app, 'electron'), { recursive: true });
  // Every bundle the Electron app ships; the CLI (cli.cjs and its modules in cli/, its live
  // sessions' process among them) is not one of them: it runs under plain Node, never in
  // Electron, and electron-builder.yml leaves it out of the package.
  for (const file of readdirSync(path.join(ROOT, 'out', 'electron')).filter((f) => f.endsWith('.cjs') && f !== 'cli.cjs')) {
    cpSync(path.join(ROOT, 'out', 'electron', file), path.join(app, 'electron', file.replace(/\.cjs$/, '.js')));
  }
  cpSync(path.join(ROOT, 'out', 'renderer'), path.join(app, 'renderer'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  const result = await scan(app);
  const hardErrors = result.errors.filter((error) => !error.tolerable);
  for (const error of hardErrors) console.log(`  FAIL could not parse ${error.file}: ${error.message}`);
  const used = new Set();
  const findings = result.issues.filter((issue) => {
    const reviewed = REVIEWED.find((entry) => entry.id === issue.id && entry.sample.test(issue.sample ?? ''));
    if (!reviewed) return true;
    used.add(reviewed);
    console.log(`  ok   reviewed ${issue.id} in ${issue.file}:${issue.location.line}: ${reviewed.reason}`);
    return false;
  });
  for (const issue of findings) {
    console.log(`  FAIL ${issue.id} in ${issue.file}:${issue.location.line}:${issue.location.column}\n       ${issue.description}`);
    if (issue.sample) console.log(`       ${issue.sample.trim().slice(0, 200)}`);
  }
  const stale = REVIEWED.filter((entry) => !used.has(entry));
  for (const entry of stale) console.log(`  FAIL the reviewed finding ${entry.id} ${entry.sample} no longer occurs: remove it from REVIEWED`);
  const appOk = hardErrors.length === 0 && findings.length === 0 && stale.length === 0;
  console.log(`${appOk ? '  ok  ' : '  FAIL'} ${findings.length} unreviewed finding(s) in the built app (Electron ${electronVersion})`);
  failed ||= !appOk;
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(failed ? '\nSecurity scan failed.' : '\nSecurity scan passed: no unreviewed findings.');
process.exit(failed ? 1 : 0);
