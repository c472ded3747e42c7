/**
 * What the suite leaves behind, read into results: a scenario that recorded no check, or left
 * no folder at all, is reported as such and never as a pass; failed checks keep their message
 * and spec links; the scenario list is read from the suite's `list` output.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseServerScenarios, scenarioDirs, scenarioResult } from './scenario-results';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-scenarios-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function writeChecks(folder: string, checks: unknown): Promise<string> {
  const at = path.join(dir, folder);
  await fs.mkdir(at, { recursive: true });
  await fs.writeFile(path.join(at, 'checks.json'), JSON.stringify(checks));
  return at;
}

const check = (status: string, extra: Record<string, unknown> = {}) => ({ id: `c-${status}`, name: 'Check', description: 'A check', status, timestamp: '2026-12-02T00:00:00Z', specReferences: [{ id: 'MCP-Tools', url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools' }], ...extra });

describe('conformance scenario results', () => {
  it('reports a scenario that left no results, or recorded no check, as that — never as a pass', async () => {
    expect(scenarioResult('ping', undefined, 'the suite exited with 2')).toMatchObject({ status: 'no-checks', checks: [], note: 'The scenario left no results: the suite exited with 2' });
    expect(scenarioResult('ping', await writeChecks('server-ping-2026-12-02T00-00-00-000Z', []))).toMatchObject({ status: 'no-checks', note: 'The scenario ran but recorded no check.' });
    expect(scenarioResult('ping', await writeChecks('only-warnings', [check('WARNING')]))).toMatchObject({ status: 'no-checks', note: 'No check passed or failed (only WARNING).' });
    expect(scenarioResult('ping', await writeChecks('garbled', { not: 'a list' }))).toMatchObject({ status: 'no-checks' });
  });

  it('keeps the failed checks with their message and spec links', async () => {
    const result = scenarioResult('tools-call-image', await writeChecks('x', [check('SUCCESS'), check('FAILURE', { errorMessage: 'No image content found', specReferences: [{ id: 'MCP-Tools-Call', url: 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#calling-tools' }, { id: 'bad', url: 'javascript:alert(1)' }] })]));
    expect(result.status).toBe('failed');
    const failed = result.checks.find((c) => c.status === 'FAILURE')!;
    expect(failed.errorMessage).toBe('No image content found');
    // Only web links are kept: the report is shown in the app.
    expect(failed.specReferences).toEqual([{ id: 'MCP-Tools-Call', url: 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#calling-tools' }]);
    expect(scenarioResult('tools-list', await writeChecks('y', [check('SUCCESS'), check('WARNING')])).status).toBe('passed');
  });

  it('finds each scenario’s folder by its name, the newest when one ran twice', async () => {
    await writeChecks('server-tools-list-2026-12-02T07-53-09-408Z', [check('FAILURE')]);
    const newer = await writeChecks('server-tools-list-2026-12-02T08-00-00-000Z', [check('SUCCESS')]);
    const other = await writeChecks('server-input-required-result-multi-round-2026-12-02T07-53-10-000Z', [check('SUCCESS')]);
    await fs.mkdir(path.join(dir, 'not-a-scenario'));
    const dirs = scenarioDirs(dir);
    expect(dirs.get('tools-list')).toBe(newer);
    expect(dirs.get('input-required-result-multi-round')).toBe(other);
    expect(dirs.size).toBe(2);
  });

  it('reads the server scenarios from the suite’s list, with or without tags', () => {
    const listing = 'Required for 2025-11-25 (48 scenarios, frozen):\n\nServer scenarios (test against a server):\n  - server-initialize\n  - tools-list [2025-06-18,2025-11-25]\n\nClient scenarios (test against a client):\n  - initialize\n';
    expect(parseServerScenarios(listing)).toEqual(['server-initialize', 'tools-list']);
    expect(parseServerScenarios('nothing here')).toEqual([]);
  });
});

describe('the suite releases', () => {
  it('are the versions package.json installs (a checkout finds what it pins)', async () => {
    const { SUITE_RELEASES } = await import('./suite-packages');
    const manifest = JSON.parse(await fs.readFile('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    for (const release of Object.values(SUITE_RELEASES)) {
      const spec = manifest.devDependencies[release.checkoutDir]!;
      expect(spec.replace(/^npm:@modelcontextprotocol\/conformance@/, ''), release.checkoutDir).toBe(release.version);
    }
  });
});
