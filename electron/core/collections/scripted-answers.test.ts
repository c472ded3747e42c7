/**
 * Scripted answers through the real core: the reference server-everything's elicitation
 * and sampling tools, a 2026-07-28 server's input_required rounds (answered through the
 * same scripted elicitation and sampling answers, or by hand with inputResponses), and a
 * question the script has no answer for, which fails the step at once instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, fixtureServer } from '../../../e2e/fixtures/paths';
import { startCollectionsCore, type CollectionsCore } from '../../../tests/support/collections-core';

let env: CollectionsCore;

beforeAll(async () => {
  env = await startCollectionsCore({
    everything: { command: process.execPath, args: [everythingServer, 'stdio'] },
    modern: { command: process.execPath, args: [fixtureServer('v2-stdio'), '--modern-only'] },
    lab: { command: process.execPath, args: [fixtureServer('tool-lab')] },
  });
});

afterAll(async () => {
  await env?.dispose();
});

const statuses = (steps: Array<{ id: string; status: string; error?: string }>) => steps.map((step) => [step.id, step.status, step.error]);

describe('scripted answers', () => {
  it('answer server-everything’s elicitation (accept with content, decline) and sampling (a fixed reply)', async () => {
    const report = await env.core.api.runCollection({
      server: 'everything',
      collection: {
        name: 'Everything asks',
        steps: [
          {
            id: 'accept',
            tool: 'trigger-elicitation-request',
            answers: { elicitation: [{ action: 'accept', content: { name: 'Ada Lovelace', check: true } }] },
            expect: [{ path: '$.content[1].text', contains: '- Name: Ada Lovelace' }],
          },
          { id: 'decline', tool: 'trigger-elicitation-request', answers: { elicitation: [{ action: 'decline' }] }, expect: [{ path: '$.content[0].text', contains: 'declined' }] },
          {
            id: 'sample',
            tool: 'trigger-sampling-request',
            arguments: { prompt: 'Say hi' },
            answers: { sampling: [{ text: 'Hi from the script', model: 'scripted-model' }] },
            expect: [{ path: '$.content[0].text', contains: 'Hi from the script' }, { path: '$.content[0].text', contains: 'scripted-model' }],
          },
        ],
      },
    });
    expect(statuses(report.steps)).toEqual([
      ['accept', 'passed', undefined],
      ['decline', 'passed', undefined],
      ['sample', 'passed', undefined],
    ]);
  });

  it('answer a 2026-07-28 server’s input_required rounds: through elicitation and sampling, or by hand with inputResponses', async () => {
    const report = await env.core.api.runCollection({
      server: 'modern',
      collection: {
        name: 'Multi-round requests',
        steps: [
          { id: 'dialog', tool: 'deploy', arguments: { env: 'prod' }, answers: { elicitation: [{ action: 'accept', content: { confirm: true, note: 'scripted' } }] }, expect: [{ path: '$.content[0].text', equals: 'Deployed to prod (scripted)' }] },
          { id: 'haiku', tool: 'ask_model', answers: { sampling: [{ text: 'eras come and go', model: 'poet-1' }] }, expect: [{ path: '$.content[0].text', equals: 'model poet-1 said: eras come and go' }] },
          {
            id: 'by-hand',
            tool: 'deploy',
            arguments: { env: 'staging' },
            answers: { inputResponses: [{ confirm: { action: 'accept', content: { confirm: true, note: 'verbatim' } } }] },
            expect: [{ path: '$.content[0].text', equals: 'Deployed to staging (verbatim)' }],
          },
          { id: 'greet', prompt: 'greet', arguments: { name: 'Ada', language: 'french' }, expect: [{ path: '$.messages[0].content.text', equals: 'Greet Ada in french.' }] },
        ],
      },
    });
    expect(statuses(report.steps)).toEqual([
      ['dialog', 'passed', undefined],
      ['haiku', 'passed', undefined],
      ['by-hand', 'passed', undefined],
      ['greet', 'passed', undefined],
    ]);
  });

  it('a question with no scripted answer fails the step at once, saying what was asked', async () => {
    const started = Date.now();
    const report = await env.core.api.runCollection({
      server: 'lab',
      collection: {
        name: 'Nobody answers',
        steps: [
          { id: 'form', tool: 'ask_form' },
          { id: 'model', tool: 'ask_model', answers: { elicitation: [{ action: 'accept' }] } },
          { id: 'twice', tool: 'ask_form', answers: { elicitation: [] } },
        ],
      },
    });
    expect(statuses(report.steps)).toEqual([
      ['form', 'failed', 'lab asked for an elicitation ("Tell the fixture about yourself"), and answers.elicitation has no answer left.'],
      ['model', 'failed', 'lab asked for a sampling reply (a model message), and answers.sampling has no answer left.'],
      ['twice', 'failed', 'lab asked for an elicitation ("Tell the fixture about yourself"), and answers.elicitation has no answer left.'],
    ]);
    // Declined at once: far sooner than the five-minute server-request timeout would end them.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await env.core.api.listServerRequests()).toEqual([]);
  });

  it('a question from a call made by hand while a step runs is left to the person, not answered by the script', async () => {
    const seen = env.events.length;
    const running = env.core.api.runCollection({
      server: 'lab',
      collection: { name: 'Busy', steps: [{ id: 'slow', tool: 'slow_progress', arguments: { steps: 30, delayMs: 100 }, expect: [{ outcome: 'ok' }] }] },
    });
    // The step's call is running once its server reports progress.
    await expect.poll(() => env.events.slice(seen).some((event) => event.type === 'tool-progress'), { timeout: 20_000 }).toBe(true);
    const byHand = env.core.api.callTool({ server: 'lab', tool: 'ask_form', arguments: {}, callId: 'by-hand', confirmed: true });
    await expect.poll(async () => (await env.core.api.listServerRequests()).length, { timeout: 20_000 }).toBe(1);
    const report = await running;
    expect(statuses(report.steps)).toEqual([['slow', 'passed', undefined]]);
    // Still waiting for the person: the script answered nothing it could not tell was its own.
    const [question] = await env.core.api.listServerRequests();
    expect(question).toMatchObject({ server: 'lab', body: { kind: 'elicitation-form' } });
    await env.core.api.answerServerRequest({ id: question!.id, answer: { action: 'decline' } });
    expect((await byHand).content[0]).toMatchObject({ type: 'text' });
  });

  it('a tool refused until a URL step is done: accepted, it waits for the server only as long as the step’s timeout', async () => {
    const started = Date.now();
    const report = await env.core.api.runCollection({
      server: 'lab',
      collection: {
        name: 'URL step',
        steps: [
          { id: 'login', tool: 'url_login', timeoutMs: 1500, answers: { elicitation: [{ action: 'accept' }] }, expect: [{ outcome: 'failed' }, { path: '$.error.kind', equals: 'timeout' }] },
          { id: 'declined', tool: 'url_login' },
        ],
      },
    });
    expect(statuses(report.steps)).toEqual([
      ['login', 'passed', undefined],
      ['declined', 'failed', expect.stringContaining('lab asked for an elicitation to open http://127.0.0.1:')],
    ]);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await env.core.api.listServerRequests()).toEqual([]);
  });

  it('an input_required round with no inputResponses left ends the call', async () => {
    const report = await env.core.api.runCollection({
      server: 'modern',
      collection: { name: 'Too few rounds', steps: [{ id: 'short', tool: 'deploy', arguments: { env: 'prod' }, answers: { inputResponses: [{ confirm: { action: 'accept', content: { confirm: false } } }] } }] },
    });
    expect(report.steps[0]).toMatchObject({ status: 'failed', outcome: 'failed', error: expect.stringContaining('modern asked for input responses for round 2 of deploy, and answers.inputResponses has none left.') });
  });
});
