/**
 * `mcp-workbench snapshot` and `diff` as processes (out/electron/cli.cjs; `node scripts/build.mjs cli`
 * first) against the basic stdio fixture server: a snapshot diffs clean against the server
 * it came from, a removed tool is breaking (exit 1), a bad file is bad input (exit 2).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const CLI = BUILT_CLI;
const STDIO = `"${process.execPath}" "${fixtureServer('basic-stdio')}"`;
let home: string;

function cli(args: string[]): Promise<CliRun> {
  return runBuiltCli(args, { home, cwd: home });
}

interface DiffDocument {
  breaking: boolean;
  counts: Record<string, number>;
  changes: Array<{ kind: string; in: string; pointer: string; message: string }>;
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-contracts-cli-'));
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

/** The fixture's snapshot, with `edit` applied, written to `file` in the test folder. */
async function editedSnapshot(file: string, edit: (snapshot: { tools: Array<{ name: string; inputSchema: object }> }) => void): Promise<void> {
  const snapshot = JSON.parse(await fs.readFile(path.join(home, 'basic.json'), 'utf8')) as { tools: Array<{ name: string; inputSchema: object }> };
  edit(snapshot);
  await fs.writeFile(path.join(home, file), JSON.stringify(snapshot));
}

describe('mcp-workbench snapshot and diff', () => {
  it('snapshot -o writes the same text as stdout, and it diffs clean against itself and the live server', async () => {
    const written = await cli(['snapshot', '--stdio', STDIO, '-o', 'basic.json']);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr).toContain('Wrote basic.json.');
    const printed = await cli(['snapshot', '--stdio', STDIO]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(await fs.readFile(path.join(home, 'basic.json'), 'utf8')).toBe(printed.stdout);
    const snapshot = JSON.parse(printed.stdout) as { format: string; server: { name: string }; tools: Array<{ name: string }> };
    expect(snapshot.format).toBe('mcp-workbench.contract/1');
    expect(snapshot.server.name).toBe('basic-fixture');
    expect(snapshot.tools.map((t) => t.name)).toContain('echo');

    const files = await cli(['diff', 'basic.json', 'basic.json']);
    expect(files.code, files.stderr).toBe(0);
    expect(files.stdout).toBe('No changes.\n');
    const live = await cli(['diff', '--stdio', STDIO, '--against', 'basic.json', '--json']);
    expect(live.code, live.stderr).toBe(0);
    expect(JSON.parse(live.stdout)).toEqual({ breaking: false, counts: { breaking: 0, additive: 0, changed: 0 }, changes: [] });
  });

  it('a tool removed is breaking (exit 1); a tool the file lacks is additive (exit 0)', async () => {
    await editedSnapshot('no-echo.json', (s) => (s.tools = s.tools.filter((t) => t.name !== 'echo')));
    const removed = await cli(['diff', 'basic.json', 'no-echo.json', '--json']);
    expect(removed.code, removed.stderr).toBe(1);
    const doc = JSON.parse(removed.stdout) as DiffDocument;
    expect(doc.breaking).toBe(true);
    expect(doc.changes).toEqual([expect.objectContaining({ kind: 'breaking', in: 'before', message: 'tool echo removed' })]);

    const human = await cli(['diff', 'basic.json', 'no-echo.json']);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(/breaking\s+before:\/tools\/\d+\s+tool echo removed/);
    expect(human.stdout).toContain('1 breaking, 0 additive, 0 changed.');

    // Live server against the edited file: it has echo, the file does not.
    const live = await cli(['diff', '--stdio', STDIO, '--against', 'no-echo.json', '--json']);
    expect(live.code, live.stderr).toBe(0);
    expect((JSON.parse(live.stdout) as DiffDocument).changes).toEqual([expect.objectContaining({ kind: 'additive', message: 'tool echo added' })]);
  });

  it('the live server lacking a tool of the file exits 1', async () => {
    await editedSnapshot('extra-tool.json', (s) => s.tools.push({ name: 'zz-gone', inputSchema: { type: 'object' } }));
    const live = await cli(['diff', '--stdio', STDIO, '--against', 'extra-tool.json']);
    expect(live.code, live.stderr).toBe(1);
    expect(live.stdout).toMatch(/breaking\s+before:\/tools\/\d+\s+tool zz-gone removed/);
  });

  it('exits 2 with a clear message for a missing, non-JSON or non-snapshot file', async () => {
    const missing = await cli(['diff', 'nowhere.json', 'basic.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read the snapshot nowhere.json: no such file.');

    await fs.writeFile(path.join(home, 'garbage.json'), '{"tools": [');
    const garbage = await cli(['diff', 'basic.json', 'garbage.json']);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toMatch(/garbage\.json is not a valid snapshot: not JSON/);

    await fs.writeFile(path.join(home, 'other.json'), '{"tools": []}');
    const other = await cli(['diff', '--stdio', STDIO, '--against', 'other.json', '--json']);
    expect(other.code).toBe(2);
    expect(other.stdout).toMatch(/other\.json is not a valid snapshot: not a contract snapshot/);

    const one = await cli(['diff', 'basic.json']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('Give two snapshot files');
  });
});
