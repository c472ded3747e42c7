/**
 * Collections run through the real core against the tool lab fixture (a real stdio
 * process): every assertion kind passing and failing, variables from the environment and
 * from earlier steps, bail, cancel and the progress events.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { CollectionRunProgress, StepResult } from '../../../shared/api/collections';
import { startCollectionsCore, type CollectionsCore } from '../../../tests/support/collections-core';

let lab: CollectionsCore;
const fixtures = path.join(__dirname, 'fixtures');

beforeAll(async () => {
  lab = await startCollectionsCore({ lab: { command: process.execPath, args: [fixtureServer('tool-lab')] } }, { GREETING: 'bonjour' }, ['GREETING', 'NOT_SET_ANYWHERE']);
  for (const file of ['every-assertion-pass.yaml', 'every-assertion-fail.yaml']) await lab.write(file, await fs.readFile(path.join(fixtures, file), 'utf8'));
});

afterAll(async () => {
  await lab?.dispose();
});

const verdicts = (step: StepResult | undefined) => step?.assertions.map((verdict) => [verdict.kind, verdict.passed, verdict.message]);

describe('the collections folder through the API', () => {
  it('lists the project’s files, reads one and saves one back', async () => {
    const list = await lab.core.api.listCollections();
    expect(list.folder).toBe(lab.folder);
    expect(list.files.map((file) => [file.file, file.collection?.name, file.problems])).toEqual([
      ['every-assertion-fail.yaml', 'Every assertion, failing', []],
      ['every-assertion-pass.yaml', 'Every assertion, passing', []],
    ]);
    const read = await lab.core.api.readCollection({ file: 'every-assertion-pass.yaml' });
    const saved = await lab.core.api.saveCollection({ file: 'copy.yaml', collection: { ...read.collection!, name: 'A copy' } });
    expect(saved).toMatchObject({ file: 'copy.yaml', path: path.join(lab.folder, 'copy.yaml'), collection: { name: 'A copy', steps: read.collection!.steps }, problems: [] });
    await fs.rm(saved.path);
  });
});

describe('every assertion kind', () => {
  it('passes when each one holds', async () => {
    const report = await lab.core.api.runCollection({ file: 'every-assertion-pass.yaml' });
    expect(report.steps.filter((step) => step.status !== 'passed').map((step) => [step.id, step.error, verdicts(step)])).toEqual([]);
    expect(report).toMatchObject({ status: 'passed', collection: 'Every assertion, passing', server: 'lab', file: 'every-assertion-pass.yaml', counts: { passed: 4, failed: 0, skipped: 0 } });
    expect(report.steps.map((step) => [step.id, step.kind, step.outcome])).toEqual([
      ['total', 'tool', 'ok'],
      ['failing-tool', 'tool', 'tool-error'],
      ['rpc', 'tool', 'failed'],
      ['readme', 'resource', 'ok'],
    ]);
    expect(report.steps[0]!.assertions.map((verdict) => verdict.kind)).toEqual(['outcome', 'path', 'path', 'path', 'path', 'path', 'schema', 'schema', 'duration']);
    // The expected server error is in the result document, not a reason of failure.
    expect(report.steps[2]).toMatchObject({ status: 'passed', result: { error: { message: expect.stringContaining('the database is locked'), kind: 'server-error' } } });
    expect(report.steps[2]!.error).toBeUndefined();
  });

  it('fails each one that does not hold, saying what was found instead', async () => {
    const report = await lab.core.api.runCollection({ file: 'every-assertion-fail.yaml' });
    expect(report).toMatchObject({ status: 'failed', counts: { passed: 0, failed: 2, skipped: 0 } });
    const [total, readme] = report.steps;
    expect(total!.assertions.every((verdict) => !verdict.passed)).toBe(true);
    expect(verdicts(total)).toEqual([
      ['outcome', false, 'the outcome should be tool-error, and is ok'],
      ['path', false, '$.structuredContent.total should equal 3, and is "three"'],
      ['path', false, 'content[0].text should contain "four", and is "{\\"total\\": \\"three\\"}"'],
      ['path', false, expect.stringMatching(/^\$\.content\[0\]\.text should match .+, and is "\{\\"total\\": \\"three\\"\}"$/)],
      ['path', false, '$.structuredContent.missing should exist, and finds nothing'],
      ['path', false, '$.structuredContent.total should not exist, and is "three"'],
      ['schema', false, expect.stringContaining("structuredContent is not valid against the tool's outputSchema")],
      ['schema', false, expect.stringMatching(/^structuredContent is not valid against the step's schema: total: must be a number/)],
      ['duration', false, expect.stringMatching(/^should take under 0.001 ms, and took \d+ ms$/)],
    ]);
    expect(readme).toMatchObject({ status: 'failed', outcome: 'failed', error: expect.stringContaining('lab://notes/missing') });
    expect(verdicts(readme)).toEqual([
      ['outcome', false, 'the outcome should be ok, and is failed'],
      ['path', false, '$.contents[0].text should exist, and finds nothing'],
    ]);
  });
});

describe('variables', () => {
  it('fills in ${env.NAME} and ${steps.<id>.<path>}, keeping a whole variable’s type', async () => {
    const report = await lab.core.api.runCollection({
      collection: {
        name: 'Variables',
        steps: [
          { id: 'first', tool: 'structured_ok' },
          {
            id: 'echo',
            tool: 'echo_args',
            arguments: { a: '${steps.first.structuredContent.total}', greeting: '${env.GREETING}, ${steps.first.$.content[0].type}', note: 'costs $${total}' },
            expect: [{ path: '$.content[0].text', matches: '"a": 3,' }, { path: '$.content[0].text', contains: '"greeting": "••••••, text"' }, { path: '$.content[0].text', contains: '"note": "costs ${total}"' }],
          },
        ],
      },
      server: 'lab',
    });
    expect(report.steps.map((step) => [step.id, step.status, step.error])).toEqual([
      ['first', 'passed', undefined],
      ['echo', 'passed', undefined],
    ]);
  });

  it('an unknown variable fails the step before anything is sent', async () => {
    const calls = lab.events.filter((event) => event.type === 'history-added').length;
    const report = await lab.core.api.runCollection({
      collection: {
        name: 'Unknown variables',
        steps: [
          { id: 'env', tool: 'echo_args', arguments: { a: 1, note: '${env.NOT_SET_ANYWHERE}' } },
          { id: 'later', tool: 'echo_args', arguments: { a: '${steps.nothing.structuredContent.total}' } },
          { id: 'path', resource: 'lab://${steps.env.content}' },
        ],
      },
      server: 'lab',
    });
    expect(report.steps.map((step) => [step.id, step.status, step.outcome, step.error])).toEqual([
      ['env', 'failed', undefined, 'Not sent: ${env.NOT_SET_ANYWHERE}: the environment variable NOT_SET_ANYWHERE is not set.'],
      ['later', 'failed', undefined, 'Not sent: ${steps.nothing.structuredContent.total}: no earlier step has the id "nothing".'],
      ['path', 'failed', undefined, 'Not sent: ${steps.env.content}: the step "env" has no result to read (it was skipped, or not sent).'],
    ]);
    // Nothing reached the server: no call was recorded.
    expect(lab.events.filter((event) => event.type === 'history-added').length).toBe(calls);
  });
});

describe('running', () => {
  it('bail stops at the first failed step and skips the rest; progress events tell each start and end', async () => {
    const progress: CollectionRunProgress[] = [];
    const stop = lab.core.api.onEvent((event) => event.type === 'collection-progress' && progress.push(event.progress));
    const report = await lab.core.api.runCollection({
      collection: { name: 'Bail', bail: true, steps: [{ id: 'ok', tool: 'structured_ok' }, { id: 'broken', tool: 'tool_error' }, { id: 'never', tool: 'structured_ok' }] },
      server: 'lab',
      runId: 'bail-run',
    });
    stop();
    expect(report).toMatchObject({ runId: 'bail-run', status: 'failed', counts: { passed: 1, failed: 1, skipped: 1 } });
    expect(report.steps[2]).toMatchObject({ id: 'never', status: 'skipped', error: expect.stringContaining('bail') });
    expect(progress.map((p) => [p.runId, p.index, p.total, p.stepId, p.result?.status ?? 'started'])).toEqual([
      ['bail-run', 0, 3, 'ok', 'started'],
      ['bail-run', 0, 3, 'ok', 'passed'],
      ['bail-run', 1, 3, 'broken', 'started'],
      ['bail-run', 1, 3, 'broken', 'failed'],
      ['bail-run', 2, 3, 'never', 'skipped'],
    ]);
  });

  it('cancel ends the step in flight and skips the rest', async () => {
    let cancelled: Promise<boolean> | undefined;
    const stop = lab.core.api.onEvent((event) => {
      // The slow step's call reports progress: cancel the run while the call is in flight.
      if (event.type === 'tool-progress' && event.callId.startsWith('collection-cancel-run-0-') && !cancelled) cancelled = lab.core.api.cancelCollectionRun({ runId: 'cancel-run' });
    });
    const report = await lab.core.api.runCollection({
      collection: { name: 'Cancel', steps: [{ id: 'slow', tool: 'slow_progress', arguments: { steps: 100, delayMs: 200 } }, { id: 'after', tool: 'structured_ok' }] },
      server: 'lab',
      runId: 'cancel-run',
    });
    stop();
    expect(await cancelled).toBe(true);
    expect(report.status).toBe('cancelled');
    expect(report.steps.map((step) => [step.id, step.status, step.error])).toEqual([
      ['slow', 'skipped', 'The run was cancelled.'],
      ['after', 'skipped', 'The run was cancelled.'],
    ]);
    expect(await lab.core.api.cancelCollectionRun({ runId: 'cancel-run' })).toBe(false);
  });

  it('a cancel sent as the run starts, while its file is still being read, is heard and no step runs', async () => {
    const running = lab.core.api.runCollection({ file: 'every-assertion-pass.yaml', runId: 'cancel-at-once' });
    // In the same tick: the run has read nothing yet.
    const cancelled = lab.core.api.cancelCollectionRun({ runId: 'cancel-at-once' });
    expect(await cancelled).toBe(true);
    const report = await running;
    expect(report.status).toBe('cancelled');
    expect(report.steps.every((step) => step.status === 'skipped' && step.error === 'The run was cancelled.')).toBe(true);
    expect(await lab.core.api.cancelCollectionRun({ runId: 'cancel-at-once' })).toBe(false);
  });

  it('a step’s timeoutMs bounds the whole call, progress or not', async () => {
    const report = await lab.core.api.runCollection({
      collection: { name: 'Timeout', steps: [{ id: 'slow', tool: 'slow_progress', arguments: { steps: 100, delayMs: 100 }, timeoutMs: 800, expect: [{ outcome: 'failed' }, { path: '$.error.kind', equals: 'timeout' }] }] },
      server: 'lab',
    });
    expect(report.steps[0]).toMatchObject({ status: 'passed', outcome: 'failed' });
    expect(report.steps[0]!.durationMs).toBeLessThan(5000);
  });

  it('a file of the folder with problems is refused, naming them', async () => {
    await lab.write('broken.yaml', 'name: Broken\nserver: lab\nsteps:\n  - id: a\n    tool: t\n    resource: x://y\n');
    await expect(lab.core.api.runCollection({ file: 'broken.yaml' })).rejects.toThrow('broken.yaml cannot be run: step a: line 4: a step has exactly one of tool, resource, prompt, eval (this one has tool and resource)');
    await fs.rm(path.join(lab.folder, 'broken.yaml'));
  });

  it('a collection without a server, or with an unknown one, is refused before anything runs', async () => {
    await expect(lab.core.api.runCollection({ collection: { name: 'Nowhere', steps: [] } })).rejects.toThrow(/names no server/);
    await expect(lab.core.api.runCollection({ collection: { name: 'Nowhere', steps: [] }, server: 'ghost' })).rejects.toThrow(/No server named "ghost"/);
  });
});
