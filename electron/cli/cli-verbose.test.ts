/**
 * `--verbose` of the real CLI (out/electron/cli.cjs) against a real fixture server: debug
 * lines on stderr (stdout stays one JSON document), the same lines in the log file, and a
 * secret the launch filled in masked in both. Needs the build (`npm run build`).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { newSecretKey } from '../core/config/secret-fields';
import { FileSecretStore, PLAIN_SECRETS_FILE } from '../core/secrets/file-secret-store';
import { MASK } from '../core/secrets/secret-redactor';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const CLI = BUILT_CLI;
const SECRET = `verbose-secret-${Date.now().toString(36)}-0123456789`;
let home: string;

function cli(args: string[]): Promise<CliRun> {
  return runBuiltCli(args, { home });
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-verbose-'));
  const key = newSecretKey('envy', ['env', 'API_KEY']);
  await new FileSecretStore(path.join(home, PLAIN_SECRETS_FILE)).set(key, SECRET);
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({ mcpServers: { envy: { command: process.execPath, args: [fixtureServer('env-stdio')], env: { API_KEY: `\${secret:${key}}` } } } }),
  );
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench --verbose', { timeout: 60_000 }, () => {
  it('prints debug lines on stderr and into cli.log, secrets masked, stdout untouched', async () => {
    const run = await cli(['tools', 'list', 'envy', '--json', '--verbose']);
    expect(run.code, run.stderr).toBe(0);
    // stdout is still exactly the one document.
    expect((JSON.parse(run.stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toContain('env');
    const debug = run.stderr.split('\n').filter((line) => / DEBUG /.test(line));
    expect(debug.some((line) => line.includes(`envy: starting ${process.execPath} ${fixtureServer('env-stdio')} with API_KEY=${MASK}`))).toBe(true);
    expect(debug.some((line) => /envy: connected server env-fixture 1\.0\.0 protocol \S+/.test(line))).toBe(true);
    expect(run.stderr).not.toContain(SECRET);
    const logFile = await fs.readFile(path.join(home, 'logs', 'cli.log'), 'utf8');
    expect(logFile).toContain(`with API_KEY=${MASK}`);
    expect(logFile).not.toContain(SECRET);
  });

  it('prints no diagnostic lines without it', async () => {
    const run = await cli(['tools', 'list', 'envy', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/ (DEBUG|INFO) /);
  });
});
