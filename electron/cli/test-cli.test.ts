/**
 * `mcp-workbench test` as a process (out/electron/cli.cjs; `npm run build` first) against
 * the tool lab fixture: exit codes for passing, failing, unparsable and unconnectable runs,
 * and the JUnit, TAP and JSON reports read back with real parsers.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const LAB = `"${process.execPath}" "${fixtureServer('tool-lab')}"`;
const FIXTURES = path.resolve('electron/core/collections/fixtures');
let home: string;

function cli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliRun> {
  return runBuiltCli(args, { home, cwd: home, env });
}

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`npm run build\` first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-test-cli-'));
  for (const file of ['every-assertion-pass.yaml', 'every-assertion-fail.yaml']) await fs.copyFile(path.join(FIXTURES, file), path.join(home, file));
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({ mcpServers: { lab: { command: process.execPath, args: [fixtureServer('tool-lab')] }, hostile: { command: process.execPath, args: [fixtureServer('terminal-hostile')] } } }),
  );
  // A result full of terminal commands, quoted back by the failed assertion.
  await fs.writeFile(path.join(home, 'hostile.yaml'), 'name: Hostile\nserver: hostile\nsteps:\n  - id: trap\n    tool: trap\n    expect:\n      - path: $.content[0].text\n        equals: nothing\n');
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

interface JunitCase {
  name: string;
  classname: string;
  time: string;
  failure?: { message: string; type: string; '#text': string };
  skipped?: { message: string };
}
interface JunitSuite {
  name: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  file?: string;
  testcase: JunitCase[];
}

describe('mcp-workbench test', () => {
  it("prints a server's text safe for the terminal in every report on stdout", async () => {
    for (const reporter of ['pretty', 'json', 'junit', 'tap']) {
      const run = await cli(['test', 'hostile.yaml', '--config', 'servers.json', '--reporter', reporter]);
      expect(run.code, `${reporter}: ${run.stderr}`).toBe(1);
      expect(run.stdout, reporter).toContain('result ');
      for (const char of ['\x1b', '\x07', '\u009b', '\u202e']) expect(run.stdout.includes(char), `${reporter}: ${JSON.stringify(char)}`).toBe(false);
    }
  }, 120_000);

  it('exits 0 when every step passes, printing each step', async () => {
    const run = await cli(['test', 'every-assertion-pass.yaml', '--config', 'servers.json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Every assertion, passing (every-assertion-pass.yaml) on lab');
    expect(run.stdout).toMatch(/✓ total: structured content that matches its output schema {2}\d+ ms/);
    expect(run.stdout).toContain('4 passed, 0 failed, 0 skipped (1 collection,');
  });

  it('exits 1 when a step fails; the JUnit report has a suite per collection, a case per step and a failure per failed step', async () => {
    const run = await cli(['test', 'every-assertion-pass.yaml', 'every-assertion-fail.yaml', '--stdio', LAB, '--reporter', 'junit', '-o', 'report.xml']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('4 passed, 2 failed, 0 skipped (2 collections,');
    const xml = await fs.readFile(path.join(home, 'report.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml) as {
      testsuites: { name: string; tests: string; failures: string; errors: string; testsuite: JunitSuite[] };
    };
    expect(parsed.testsuites).toMatchObject({ name: 'mcp-workbench test', tests: '6', failures: '2', errors: '0' });
    const [passing, failing] = parsed.testsuites.testsuite;
    expect(passing).toMatchObject({ name: 'Every assertion, passing', tests: '4', failures: '0', file: 'every-assertion-pass.yaml' });
    expect(passing!.testcase.map((c) => [c.name, c.failure])).toEqual([
      ['total: structured content that matches its output schema', undefined],
      ['failing-tool', undefined],
      ['rpc', undefined],
      ['readme', undefined],
    ]);
    expect(failing).toMatchObject({ name: 'Every assertion, failing', tests: '2', failures: '2' });
    const total = failing!.testcase[0]!;
    expect(total.failure).toMatchObject({ type: 'assertion', message: 'the outcome should be tool-error, and is ok' });
    expect(total.failure!['#text'].split('\n')).toHaveLength(9);
    expect(total.failure!['#text']).toContain('$.structuredContent.total should equal 3, and is "three"');
    expect(failing!.testcase[1]!.failure!['#text']).toContain('lab://notes/missing');
  });

  it('TAP: a plan, a test point per step, YAML diagnostics for failures and SKIP for skipped steps', async () => {
    const run = await cli(['test', 'every-assertion-fail.yaml', 'every-assertion-pass.yaml', '--stdio', LAB, '--reporter', 'tap', '--bail']);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual(['TAP version 14', '1..6']);
    const points = lines.filter((line) => /^(not )?ok \d+ /.test(line));
    expect(points).toEqual([
      'not ok 1 - Every assertion, failing > total',
      'ok 2 - Every assertion, failing > readme \\# SKIP Skipped: an earlier step failed and the run stops at the first failure (bail).'.replace('\\# SKIP', '# SKIP'),
      'ok 3 - Every assertion, passing > total: structured content that matches its output schema',
      'ok 4 - Every assertion, passing > failing-tool',
      'ok 5 - Every assertion, passing > rpc',
      'ok 6 - Every assertion, passing > readme',
    ]);
    const start = lines.indexOf('  ---');
    const end = lines.indexOf('  ...');
    const diagnostic = parseYaml(lines.slice(start + 1, end).map((line) => line.slice(2)).join('\n')) as { message: string; failures: string[]; server: string; file: string };
    // The ad-hoc server is named after its package.
    expect(diagnostic).toMatchObject({ message: 'the outcome should be tool-error, and is ok', server: 'tool-lab', file: 'every-assertion-fail.yaml' });
    expect(diagnostic.failures).toHaveLength(9);
  });

  it('JSON: one document with the totals and every report', async () => {
    const run = await cli(['test', 'every-assertion-pass.yaml', '--stdio', LAB, '--reporter', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as { ok: boolean; totals: Record<string, number>; collections: Array<{ status: string; server: string; steps: Array<{ id: string; status: string; result: unknown }> }> };
    expect(document).toMatchObject({ ok: true, totals: { passed: 4, failed: 0, skipped: 0, errors: 0 } });
    expect(document.collections[0]).toMatchObject({ status: 'passed', server: expect.any(String) });
    expect(document.collections[0]!.steps[0]).toMatchObject({ id: 'total', status: 'passed', result: { structuredContent: { total: 3 }, isError: false } });
  });

  it('runs the project’s collections folder by default, with variables from the environment and scripted answers', async () => {
    const project = path.join(home, 'project');
    await fs.mkdir(path.join(project, '.mcp-workbench', 'collections'), { recursive: true });
    await fs.writeFile(
      path.join(project, '.mcp-workbench', 'collections', 'smoke.yaml'),
      `name: Smoke
server: lab
steps:
  - id: form
    tool: ask_form
    answers:
      elicitation: [{ action: accept, content: { name: '\${env.WHO}' } }]
    expect:
      - path: $.content[0].text
        contains: '"name":"••••••"'
`,
    );
    const run = await cli(['test', '--project', 'project', '--config', 'servers.json'], { ...process.env, WHO: 'Grace' });
    // --project and --config do not go together (as for every command): the folder is found without the project's servers.
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--project');
    const inFolder = await runBuiltCli(['test', '--config', path.join(home, 'servers.json'), '--allow-env', 'WHO'], { home, cwd: project, env: { ...process.env, WHO: 'Grace' } });
    expect(inFolder.code, inFolder.stderr + inFolder.stdout).toBe(0);
    expect(inFolder.stdout).toContain('Smoke (');
    expect(inFolder.stdout).toContain('1 passed, 0 failed');
  });

  it('a collection reads only the environment variables allowed with --allow-env, and their values are masked in the report and the history', async () => {
    const token = 'tok-env-5b0c1d2e3f4a';
    await fs.writeFile(
      path.join(home, 'env.yaml'),
      `name: From the environment
server: lab
steps:
  - id: echo
    tool: echo_args
    arguments: { a: 1, note: '\${env.API_TOKEN}' }
    expect:
      # The value reached the server; what comes back quotes it, masked like a stored secret.
      - path: $.content[0].text
        contains: '"note": "••••••"'
`,
    );
    const env = { ...process.env, API_TOKEN: token };
    const refused = await runBuiltCli(['test', 'env.yaml', '--config', 'servers.json'], { home, cwd: home, env });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Not sent: ${env.API_TOKEN}: collections read only the environment variables you allow, and API_TOKEN is not one of them (allow it with --allow-env API_TOKEN');

    const allowed = await runBuiltCli(['test', 'env.yaml', '--config', 'servers.json', '--allow-env', 'OTHER,API_TOKEN', '--reporter', 'json'], { home, cwd: home, env });
    expect(allowed.code, allowed.stderr + allowed.stdout).toBe(0);
    expect(allowed.stdout).toContain('••••••');
    expect(allowed.stdout).not.toContain(token);
    const history = await fs.readFile(path.join(home, 'history.jsonl'), 'utf8');
    expect(history).toContain('echo_args');
    expect(history).not.toContain(token);

    const bad = await cli(['test', 'env.yaml', '--config', 'servers.json', '--allow-env', 'NOT-A-NAME']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--allow-env takes environment variable names');
  });

  it('a file with problems stops everything before any server starts (exit 2), naming file, step and line', async () => {
    await fs.writeFile(path.join(home, 'broken.yaml'), 'name: Broken\nsteps:\n  - id: a\n    tool: t\n    expect:\n      - { path: $.x }\n');
    const run = await cli(['test', 'every-assertion-pass.yaml', 'broken.yaml', '--stdio', LAB]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('broken.yaml:6: step a: expect[0]: a path assertion has exactly one of equals, contains, matches, exists');
    const missing = await cli(['test', 'nothing-here.yaml', '--stdio', LAB]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nothing-here.yaml: no such file');
  });

  it('a pattern that backtracks for ever in JavaScript ((a+)+b on a long text) finishes at once; lookaround is refused by name', async () => {
    const long = 'a'.repeat(5000);
    await fs.writeFile(
      path.join(home, 'redos.yaml'),
      `name: Backtracking
server: lab
steps:
  - id: echo
    tool: echo_args
    arguments: { a: 1, note: ${long} }
    expect:
      - path: $.content[0].text
        matches: (a+)+b
      - path: $.content[0].text
        matches: (a+)+"
`,
    );
    // JavaScript's engine would take longer than the universe has left on the first pattern.
    const run = await runBuiltCli(['test', 'redos.yaml', '--config', 'servers.json'], { home, cwd: home, killAfterMs: 30_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('$.content[0].text should match /(a+)+b/, and is');
    expect(run.stdout).toContain('0 passed, 1 failed');

    await fs.writeFile(path.join(home, 'lookahead.yaml'), 'name: Lookahead\nserver: lab\nsteps:\n  - id: a\n    tool: echo_args\n    expect:\n      - { path: $.x, matches: "a(?=b)" }\n');
    const refused = await cli(['test', 'lookahead.yaml', '--config', 'servers.json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('lookahead.yaml:7: step a: expect[0].matches: not a usable regular expression: it uses a lookahead "(?=…)", which the linear-time engine (RE2) does not have');
  }, 60_000);

  it('a server that does not connect exits 3; an unknown server or reporter exits 2', async () => {
    const crash = await cli(['test', 'every-assertion-pass.yaml', '--stdio', `"${process.execPath}" "${fixtureServer('crash-on-start')}"`, '--reporter', 'junit']);
    expect(crash.code, crash.stderr).toBe(3);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(crash.stdout) as { testsuites: { errors: string; testsuite: { testcase: { error: { message: string } } } } };
    expect(suite.testsuites.errors).toBe('1');
    expect(suite.testsuites.testsuite.testcase.error.message).toMatch(/did not connect/);
    const pretty = await cli(['test', 'every-assertion-pass.yaml', '--stdio', `"${process.execPath}" "${fixtureServer('crash-on-start')}"`]);
    expect(pretty.code).toBe(3);
    expect(pretty.stdout).toMatch(/^Every assertion, passing \(every-assertion-pass\.yaml\) on crash-on-start\n {2}✗ could not run: crash-on-start did not connect/);
    expect(pretty.stdout).toContain('0 passed, 0 failed, 0 skipped, 1 could not run');
    const unknown = await cli(['test', 'every-assertion-pass.yaml', '--config', 'servers.json', '--server', 'ghost']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no server named "ghost"');
    const reporter = await cli(['test', 'every-assertion-pass.yaml', '--stdio', LAB, '--reporter', 'xml']);
    expect(reporter.code).toBe(2);
  });
});
