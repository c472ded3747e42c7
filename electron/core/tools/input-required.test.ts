/**
 * MCP 2026-07-28 multi-round-trip requests through the real core: a tool that answers
 * `input_required` is asked again with what the user gave in the same dialogs as a 2025
 * server's requests (elicitation form, sampling, roots). On a 2026-only stdio server and
 * on a dual-era HTTP server (whose 2025 side could not ask anything mid-call).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../shared/api/server-requests';
import type { AppEvent } from '../../../shared/events';
import type { TextBlock, ToolRunResult } from '../../../shared/tool-results';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
let http: RunningFixture;
const events: AppEvent[] = [];
let answerer: ((request: PendingServerRequest) => ServerRequestAnswer | undefined) | undefined;
const ROOTS = [{ uri: 'file:///tmp/era-project', name: 'Era project' }];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-mrtr-'));
  http = await startFixture('v2-http');
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  core.events.subscribe((event) => {
    events.push(event);
    if (event.type === 'server-request' && answerer) {
      const answer = answerer(event.request);
      if (answer) void core.api.answerServerRequest({ id: event.request.id, answer });
    }
  });
  await core.api.addServer({ name: 'modern', config: { command: process.execPath, args: [fixtureServer('v2-stdio'), '--modern-only'], roots: ROOTS } });
  await core.api.addServer({ name: 'dual', config: { type: 'http', url: http.url } });
  await core.api.setPermissionRule({ pattern: 'mcp__modern', decision: 'allow' });
  await core.api.setPermissionRule({ pattern: 'mcp__dual', decision: 'allow' });
});

afterAll(async () => {
  await core?.dispose();
  await http?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const call = (server: string, tool: string, args: Record<string, unknown> = {}, callId?: string) =>
  core.api.callTool({ server, tool, arguments: args, ...(callId ? { callId } : {}) });
const firstText = (result: ToolRunResult) => (result.content[0] as TextBlock).text;

describe('input_required answered in the app’s dialogs', () => {
  it('on a 2026-only stdio server: an elicitation form, accepted or declined', async () => {
    answerer = (request) => (request.body.kind === 'elicitation-form' ? { action: 'accept', content: { confirm: true, note: 'after review' } } : undefined);
    expect(firstText(await call('modern', 'deploy', { env: 'prod' }))).toBe('Deployed to prod (after review)');
    const asked = events.findLast((e) => e.type === 'server-request');
    expect(asked).toMatchObject({ request: { server: 'modern', body: { kind: 'elicitation-form', message: 'Deploy to prod?', requestedSchema: { properties: { confirm: { type: 'boolean' } } } } } });
    const view = (await core.api.listServers()).find((server) => server.name === 'modern');
    expect(view).toMatchObject({ status: 'connected', protocolEra: 'modern', protocolVersion: '2026-07-28' });

    answerer = (request) => (request.body.kind === 'elicitation-form' ? { action: 'decline' } : undefined);
    const declined = await call('modern', 'deploy', { env: 'prod' });
    expect(declined.isError).toBe(true);
    expect(firstText(declined)).toBe('Deployment to prod declined');
  });

  it('the protocol log ties every round of one call together: one conversation id, rounds numbered, kept in the export', async () => {
    // Confirm is refused once (the server asks again), then given: three rounds.
    let asked = 0;
    answerer = (request) => (request.body.kind === 'elicitation-form' ? { action: 'accept', content: { confirm: ++asked > 1 } } : undefined);
    expect(firstText(await call('modern', 'deploy', { env: 'qa' }))).toBe('Deployed to qa');
    const log = await core.api.getProtocolLog({ server: 'modern' });
    const first = log.findLast((entry) => entry.kind === 'request' && entry.method === 'tools/call' && entry.round === 1);
    expect(first?.conversation).toBeDefined();
    const rounds = log.filter((entry) => entry.conversation === first!.conversation);
    expect(rounds.map((entry) => [entry.direction, entry.round])).toEqual([
      ['out', 1],
      ['in', 1],
      ['out', 2],
      ['in', 2],
      ['out', 3],
      ['in', 3],
    ]);
    // Each round is a fresh request id; the answers show input_required, then the result.
    expect(new Set(rounds.map((entry) => entry.id)).size).toBe(3);
    expect(rounds.filter((entry) => entry.direction === 'in').map((entry) => JSON.parse(entry.text).result.resultType ?? 'complete')).toEqual(['input_required', 'input_required', 'complete']);
    expect(JSON.parse(rounds[2]!.text).params.inputResponses).toEqual({ confirm: { action: 'accept', content: { confirm: false } } });
    // Another call starts a conversation of its own.
    await call('modern', 'weather', { city: 'Lima' });
    const after = await core.api.getProtocolLog({ server: 'modern' });
    const weather = after.findLast((entry) => entry.kind === 'request' && entry.method === 'tools/call');
    expect(weather).toMatchObject({ round: 1 });
    expect(weather?.conversation).not.toBe(first!.conversation);
    const exported = await core.api.exportProtocolLog({ server: 'modern' });
    const lines = exported.text.trim().split('\n').map((line) => JSON.parse(line) as { conversation?: string; round?: number });
    expect(lines.filter((line) => line.conversation === first!.conversation).map((line) => line.round)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('answered by hand: the written inputResponses go to the server verbatim, with its requestState; Cancel ends the call', async () => {
    const odd = { confirm: { action: 'accept', content: { confirm: true, note: 'by hand' } }, unasked: { anything: [1, 'two'] } };
    const asked: PendingServerRequest[] = [];
    answerer = (request) => {
      if (request.body.kind !== 'input-required') return undefined;
      asked.push(request);
      return { action: 'send', inputResponses: odd };
    };
    const result = await core.api.callTool({ server: 'modern', tool: 'deploy', arguments: { env: 'prod' }, answerInputByHand: true });
    expect(firstText(result)).toBe('Deployed to prod (by hand)');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ kind: 'input-required', tool: 'deploy', round: 1, inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Deploy to prod?' } } } });
    // No dialog of the usual kind was shown: the SDK did not answer it itself.
    expect(events.filter((e) => e.type === 'server-request' && e.request.body.kind === 'elicitation-form' && e.request.receivedAt >= asked[0]!.receivedAt)).toEqual([]);
    const log = await core.api.getProtocolLog({ server: 'modern' });
    const retry = log.findLast((entry) => entry.kind === 'request' && entry.method === 'tools/call');
    expect(retry?.round).toBe(2);
    expect(JSON.parse(retry!.text).params.inputResponses).toEqual(odd);

    answerer = (request) => (request.body.kind === 'input-required' ? { action: 'cancel' } : undefined);
    await expect(core.api.callTool({ server: 'modern', tool: 'deploy', arguments: { env: 'prod' }, answerInputByHand: true })).rejects.toThrow('the call was ended instead of answering its input requests');
  });

  it('on a 2026-only stdio server: sampling written by the user, and the entry’s roots', async () => {
    answerer = (request) => {
      if (request.body.kind !== 'sampling') return undefined;
      expect(request.body).toMatchObject({ systemPrompt: 'You are a poet.', maxTokens: 100, messages: [{ role: 'user', content: [{ type: 'text', text: 'Write a haiku about eras' }] }] });
      return { action: 'reply', text: 'Two eras, one wire' };
    };
    expect(firstText(await call('modern', 'ask_model'))).toBe('model mcp-workbench-user said: Two eras, one wire');
    expect(JSON.parse(firstText(await call('modern', 'list_roots')))).toEqual({ roots: ROOTS });
    answerer = (request) => (request.body.kind === 'sampling' ? { action: 'decline' } : undefined);
    // A 2026 input response cannot carry a refusal: the call ends here, saying why.
    await expect(call('modern', 'ask_model')).rejects.toThrow('modern: The user declined the sampling request.');
  });

  it('on a 2026-only stdio server: progress and structured content', async () => {
    const callId = 'long-modern';
    const result = await call('modern', 'long', { steps: 3, delayMs: 50 }, callId);
    expect(firstText(result)).toBe('done after 3 steps');
    const progress = events.filter((e) => e.type === 'tool-progress' && e.callId === callId);
    // The last step's notification may cross the result on the way; the ones before it arrive during the call.
    expect(progress.map((e) => (e.type === 'tool-progress' ? e.message : undefined)).slice(0, 2)).toEqual(['step 1 of 3', 'step 2 of 3']);
    const weather = await call('modern', 'weather', { city: 'Quito' });
    expect(weather).toMatchObject({ structured: { value: { city: 'Quito', celsius: 21, era: 'modern' } }, outputCheck: { status: 'valid' } });
  });

  it('on a 2026-only stdio server: resources, a template and its completion, prompts and their completion', async () => {
    const catalog = await core.api.listResources({ server: 'modern' });
    expect(catalog.resources).toEqual([{ uri: 'note://readme', name: 'readme', title: 'Readme', mimeType: 'text/plain' }]);
    expect(catalog.templates.map((t) => [t.uriTemplate, t.variables])).toEqual([['note://notes/{id}', ['id']]]);
    expect((await core.api.readResource({ server: 'modern', uri: 'note://notes/10' })).contents[0]?.content).toMatchObject({ kind: 'text', text: 'Note 10' });
    expect((await core.api.completeArgument({ server: 'modern', ref: { type: 'ref/resource', uri: 'note://notes/{id}' }, argument: { name: 'id', value: '1' } })).values).toEqual(['1', '10']);
    expect((await core.api.listPrompts({ server: 'modern' })).map((p) => p.name)).toEqual(['greet']);
    const greet = await core.api.getPrompt({ server: 'modern', name: 'greet', arguments: { name: 'Ada', language: 'french' } });
    expect(greet.messages[0]).toMatchObject({ role: 'user' });
    expect(JSON.stringify(greet.messages)).toContain('Greet Ada in french.');
    expect((await core.api.completeArgument({ server: 'modern', ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'language', value: 'fr' } })).values).toEqual(['french']);
    // resources/subscribe is 2025-only: on 2026-07-28 Subscribe opens a subscriptions/listen stream instead.
    expect(await core.api.subscribeResource({ server: 'modern', uri: 'note://readme' })).toEqual(['note://readme']);
  });

  it('on a dual-era HTTP server: Auto speaks 2026-07-28, so the tool can ask', async () => {
    answerer = (request) => (request.body.kind === 'elicitation-form' ? { action: 'accept', content: { confirm: true } } : undefined);
    expect(firstText(await call('dual', 'deploy', { env: 'staging' }))).toBe('Deployed to staging');
    expect((await core.api.listServers()).find((server) => server.name === 'dual')).toMatchObject({ protocolEra: 'modern', protocolSource: 'detected' });
  });

  it('on a dual-era HTTP server: Cancel closes the call’s own response stream (no notifications/cancelled on 2026-07-28)', async () => {
    const callId = 'cancel-modern-http';
    const running = call('dual', 'long', { steps: 50, delayMs: 100 }, callId);
    await waitUntil(() => events.some((e) => e.type === 'tool-progress' && e.callId === callId), 'first progress');
    expect(await core.api.cancelCall({ callId })).toBe(true);
    await expect(running).rejects.toThrow('The call was cancelled');
    const log = await core.api.getProtocolLog({ server: 'dual' });
    expect(log.filter((entry) => entry.method === 'notifications/cancelled')).toEqual([]);
  });
});
