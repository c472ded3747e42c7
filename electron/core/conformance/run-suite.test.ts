/**
 * A run of the suite's CLI read into results, with a stand-in for the suite (a script that
 * answers `list` and `server` as the suite does and leaves each scenario's folder behind): a
 * scenario that recorded no check — an empty checks.json, only warnings, or no folder at all —
 * is reported as such and never as a pass, whatever the suite's exit code says.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerScenarios } from './run-suite';

let dir: string;
let cli: string;

/** What the stand-in suite writes for each scenario (null: no folder at all). */
const RECORDED: Record<string, unknown[] | null> = {
  'tools-list': [{ id: 'tools-list', name: 'ToolsList', description: 'Lists tools', status: 'SUCCESS', specReferences: [] }],
  'ping': [],
  'server-initialize': null,
  'logging-set-level': [{ id: 'logging', name: 'Logging', description: 'Sets the level', status: 'WARNING', specReferences: [] }],
  'server-session-lifecycle': [{ id: 'session', name: 'Session', description: 'A session', status: 'SUCCESS', specReferences: [] }],
};

const STAND_IN = `
const fs = require('node:fs');
const path = require('node:path');
const recorded = ${JSON.stringify(RECORDED)};
const [command, ...rest] = process.argv.slice(2);
if (command === 'list') {
  process.stdout.write('Required (5 scenarios):\\n\\nServer scenarios (test against a server):\\n' + Object.keys(recorded).map((n) => '  - ' + n + '\\n').join('') + '\\nClient scenarios (test against a client):\\n  - initialize\\n');
  process.exit(0);
}
const out = rest[rest.indexOf('-o') + 1];
for (const [name, checks] of Object.entries(recorded)) {
  console.log('=== Running scenario: ' + name + ' ===');
  if (checks === null) continue;
  const folder = path.join(out, 'server-' + name + '-' + new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'checks.json'), JSON.stringify(checks));
}
// The suite exits 0 here: nothing failed, so its exit code alone would call the run a pass.
process.exit(0);
`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-run-suite-'));
  cli = path.join(dir, 'suite.cjs');
  await fs.writeFile(cli, STAND_IN);
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a run of the suite, read into results', () => {
  it('reports each scenario that recorded no check as such, never as a pass', async () => {
    const progress: string[] = [];
    const scenarios = await runServerScenarios({
      node: process.execPath,
      cli,
      url: 'http://127.0.0.1:9/mcp',
      specVersion: '2025-11-25',
      outDir: path.join(dir, 'out-http'),
      bridged: false,
      env: process.env,
      onScenario: (name) => progress.push(name),
    });
    expect(scenarios.map((s) => [s.name, s.status])).toEqual([
      ['tools-list', 'passed'],
      ['ping', 'no-checks'],
      ['server-initialize', 'no-checks'],
      ['logging-set-level', 'no-checks'],
      ['server-session-lifecycle', 'passed'],
    ]);
    for (const scenario of scenarios.filter((s) => s.status === 'no-checks')) expect(scenario.note, scenario.name).toMatch(/no check|no results|only WARNING/);
    expect(progress).toEqual(Object.keys(RECORDED));
  });

  it('over the stdio bridge, sets the transport scenarios aside as not applicable (not passed)', async () => {
    const scenarios = await runServerScenarios({ node: process.execPath, cli, url: 'http://127.0.0.1:9/mcp', specVersion: '2025-11-25', outDir: path.join(dir, 'out-bridge'), bridged: true, env: process.env });
    expect(scenarios.find((s) => s.name === 'server-session-lifecycle')).toMatchObject({ status: 'not-applicable', checks: [] });
    expect(scenarios.filter((s) => s.status === 'passed').map((s) => s.name)).toEqual(['tools-list']);
  });
});
