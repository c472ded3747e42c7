/**
 * `mcp-workbench conformance` as a process (out/electron/cli.cjs; `node scripts/build.mjs cli`
 * first) with the suite from this checkout on a Node 22: a stdio server through the bridge and
 * an HTTP server at its URL, pretty, --json and --junit (read back with an XML parser), exit codes.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import { SuiteNodeMissing } from '../core/conformance/conformance-errors';
import { findSuiteNode } from '../core/conformance/suite-node';
import { checkoutRoot } from '../core/conformance/suite-packages';

let noNode: string | undefined;
try {
  await findSuiteNode({ env: process.env, checkout: checkoutRoot()!, self: { path: process.execPath, version: process.versions.node } });
} catch (error) {
  if (!(error instanceof SuiteNodeMissing)) throw error;
  noNode = `${error.message} ${error.remedy}`;
  console.warn(`Skipping the conformance CLI runs: ${noNode}`);
}

let home: string;
let http: RunningFixture | undefined;
const cli = (args: string[]): Promise<CliRun> => runBuiltCli(args, { home });

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-conformance-cli-'));
  if (noNode) return;
  http = await startFixture('v2-http');
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] }, v2: { type: 'http', url: http.url } } }));
}, 60_000);

afterAll(async () => {
  await http?.stop();
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench conformance', () => {
  it('refuses a revision it does not know, before starting anything', async () => {
    const run = await cli(['conformance', 'basic', '--spec-version', '2024-01-01']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/2025-11-25.*2026-07-28/);
  });

  it.skipIf(noNode !== undefined)('runs a stdio server’s scenarios through the bridge and lists the failed checks with their spec links', async () => {
    const run = await cli(['conformance', 'basic', '--spec-version', '2025-11-25']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^Conformance of basic with MCP 2025-11-25 \(@modelcontextprotocol\/conformance 0\.2\.0-alpha\.12, through a loopback bridge to the stdio server\):$/m);
    expect(run.stdout).toMatch(/^ {2}✓ tools-list \(\d+ checks?\)$/m);
    expect(run.stdout).toMatch(/^ {2}✗ tools-call-image\n {6}tools-call-image: .+\(https:\/\/modelcontextprotocol\.io\/specification\/[^)]+\)$/m);
    expect(run.stdout).toMatch(/^ {2}- dns-rebinding-protection: not applicable\. It tests the HTTP transport/m);
    expect(run.stdout).toMatch(/^\d+ passed, \d+ failed, \d+ recorded no check, 2 not applicable \(.+\)\.$/m);
  }, 240_000);

  it.skipIf(noNode !== undefined)('--json and --junit for an HTTP server at its URL', async () => {
    const json = await cli(['conformance', 'v2', '--spec-version', '2026-07-28', '--json']);
    expect(json.code, json.stderr).toBe(1);
    const doc = JSON.parse(json.stdout) as { ok: boolean; transport: string; specVersion: string; scenarios: Array<{ name: string; status: string; checks: unknown[] }>; counts: Record<string, number> };
    expect(doc).toMatchObject({ ok: false, transport: 'http', specVersion: '2026-07-28' });
    expect(doc.scenarios.find((s) => s.name === 'tools-list')?.status).toBe('passed');
    expect(doc.counts['not-applicable']).toBe(0);

    const junit = await cli(['conformance', 'v2', '--spec-version', '2026-07-28', '--junit']);
    expect(junit.code).toBe(1);
    expect(XMLValidator.validate(junit.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(junit.stdout) as {
      testsuites: { tests: string; failures: string; testsuite: Array<{ name: string; tests: string; failures: string; testcase: Array<{ name: string; failure?: { type: string } }> }> };
    };
    const [suite] = xml.testsuites.testsuite;
    expect(suite!.name).toBe('conformance v2 2026-07-28');
    expect(suite!.testcase.map((c) => c.name)).toEqual(doc.scenarios.map((s) => s.name));
    expect(Number(suite!.failures)).toBe(suite!.testcase.filter((c) => c.failure).length);
    expect(suite!.testcase.find((c) => c.name === 'tools-list')!.failure).toBeUndefined();
  }, 240_000);
});
