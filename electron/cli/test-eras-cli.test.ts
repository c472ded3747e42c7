/**
 * `mcp-workbench test --eras both` as a process (out/electron/cli.cjs; `node scripts/build.mjs
 * cli` first): a collection run at 2025-11-25 and at 2026-07-28 against the dual-era v2 stdio
 * fixture (a real process), compared step by step; a 2025-only server that cannot run at
 * 2026-07-28 says so; options that cannot go with it are refused.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

let home: string;
const cli = (args: string[]): Promise<CliRun> => runBuiltCli(args, { home, cwd: home });

const COLLECTION = `name: Weather at both eras
steps:
  - id: paris
    tool: weather
    arguments: { city: Paris }
    expect:
      - path: $.structuredContent.city
        equals: Paris
      - path: $.structuredContent.era
        equals: legacy
  - id: logged
    tool: log
`;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-test-eras-'));
  await fs.writeFile(path.join(home, 'weather.yaml'), COLLECTION);
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        dual: { command: process.execPath, args: [fixtureServer('v2-stdio')] },
        old: { command: process.execPath, args: [fixtureServer('basic-stdio')] },
        hostile: { command: process.execPath, args: [fixtureServer('terminal-hostile')] },
      },
    }),
  );
  // The server's result carries terminal commands (in the json report), and so does the collection's name (a project file, in both).
  await fs.writeFile(path.join(home, 'hostile.yaml'), 'name: "Hostile\\x1b]0;pwned\\x07 \\u202eeman"\nsteps:\n  - id: trap\n    tool: trap\n    expect:\n      - path: $.content[0].text\n        equals: nothing\n');
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench test --eras both', () => {
  it('runs the collection at both revisions and reports what differs, step by step', async () => {
    const run = await cli(['test', 'weather.yaml', '--config', 'servers.json', '--server', 'dual', '--eras', 'both']);
    expect(run.stdout).toContain('Weather at both eras (weather.yaml) on dual, at 2025-11-25 and 2026-07-28:');
    // The era assertion holds at one revision only; the answer differs where the server says its era.
    expect(run.stdout).toMatch(/^ {2}≠ 1\. paris: the answer differs in 2 places$/m);
    expect(run.stdout).toMatch(/^ {6}passed, ok at 2025-11-25, failed, ok at 2026-07-28$/m);
    expect(run.stdout).toMatch(/^ {6}assertion \d+ passed → failed: \$\.structuredContent\.era should equal "legacy", and is "modern"$/m);
    expect(run.stdout).toMatch(/^ {6}\/structuredContent\/era: "[^"]+" → "[^"]+"$/m);
    expect(run.stdout).toMatch(/^ {2}= 2\. logged: the same at both \(passed, ok\)$/m);
    expect(run.stdout).toMatch(/^ {2}2 steps, 1 differs between the revisions\.$/m);
    expect(run.code, run.stderr).toBe(1);
  }, 120_000);

  it("prints a server's text safe for the terminal: its escape sequences removed, controls and bidi characters shown", async () => {
    for (const reporter of ['pretty', 'json']) {
      const run = await cli(['test', 'hostile.yaml', '--config', 'servers.json', '--server', 'hostile', '--eras', 'both', '--reporter', reporter]);
      expect(run.stdout, reporter).toContain(reporter === 'json' ? 'result ' : 'Hostile');
      for (const char of ['\x1b', '\x07', '\u009b', '\u202e']) expect(run.stdout.includes(char), `${reporter}: ${JSON.stringify(char)}`).toBe(false);
    }
  }, 120_000);

  it('--reporter json gives both runs and the comparison', async () => {
    const run = await cli(['test', 'weather.yaml', '--config', 'servers.json', '--server', 'dual', '--eras', 'both', '--reporter', 'json']);
    const doc = JSON.parse(run.stdout) as { ok: boolean; eras: string[]; collections: Array<{ negotiated: string[]; runs: Array<{ status: string }>; steps: Array<{ id: string; places: Array<{ pointer: string; values: unknown[] }> }> }> };
    expect(doc.eras).toEqual(['2025-11-25', '2026-07-28']);
    const [collection] = doc.collections;
    expect(collection!.negotiated).toEqual(['2025-11-25', '2026-07-28']);
    const era = collection!.steps[0]!.places.find((place) => place.pointer === '/structuredContent/era')!;
    expect(era.values[0]).not.toEqual(era.values[1]);
    expect(collection!.steps[1]!.places).toEqual([]);
  }, 120_000);

  it('says when a server cannot run at one revision (a 2025-only server at 2026-07-28)', async () => {
    await fs.writeFile(path.join(home, 'echo.yaml'), 'name: Echo\nsteps:\n  - id: hi\n    tool: echo\n    arguments: { text: hi }\n');
    const run = await cli(['test', 'echo.yaml', '--config', 'servers.json', '--server', 'old', '--eras', 'both']);
    expect(run.stdout).toMatch(/^ {2}could not run at 2026-07-28: .+/m);
    expect(run.stdout).toMatch(/^ {2}≠ 1\. hi: ran at one revision only\n {6}passed, ok at 2025-11-25, not run at 2026-07-28\n {2}1 step, 1 differs/m);
    expect(run.code).toBe(3);
  }, 120_000);

  it('refuses --protocol, --bail and reporters it cannot compare with', async () => {
    for (const extra of [['--protocol', 'legacy'], ['--bail'], ['--reporter', 'junit']]) {
      const run = await cli(['test', 'weather.yaml', '--config', 'servers.json', '--server', 'dual', '--eras', 'both', ...extra]);
      expect(run.code, extra.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/--eras both/);
    }
  });
});
