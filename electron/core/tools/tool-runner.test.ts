/**
 * The tool runner through the real core (createCore) against the real tool-lab fixture
 * server: pages, permissions, progress and cancel, the result pipeline, elicitation
 * (form, URL, the -32042 retry), sampling, roots, history. The tests share one core and one
 * server, so each leaves it as it found it (rules, settings, the answerer) and makes the
 * calls it looks for itself: they pass in any order (`vitest --sequence.shuffle`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../shared/api/server-requests';
import type { AppEvent } from '../../../shared/events';
import type { ImageBlock, TextBlock, ToolRunResult } from '../../../shared/tool-results';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
const events: AppEvent[] = [];
/** Answers the next server request that matches, as the user would. */
let answerer: ((request: PendingServerRequest) => ServerRequestAnswer | undefined | Promise<ServerRequestAnswer | undefined>) | undefined;

const ROOTS = [{ uri: 'file:///tmp/project-a', name: 'Project A' }, { uri: 'file:///tmp/project-b' }];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-runner-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  core.events.subscribe((event) => {
    events.push(event);
    if (event.type === 'server-request' && answerer) {
      void Promise.resolve(answerer(event.request)).then((answer) => {
        if (answer) void core.api.answerServerRequest({ id: event.request.id, answer });
      });
    }
  });
  await core.api.addServer({ name: 'lab', config: { command: process.execPath, args: [fixtureServer('tool-lab'), '--many', '1200'], roots: ROOTS } });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

// Whatever a test set up to answer the server's questions ends with it.
afterEach(() => {
  answerer = undefined;
});

const call = (tool: string, args: Record<string, unknown> = {}, extra: { callId?: string; confirmed?: boolean } = {}) =>
  core.api.callTool({ server: 'lab', tool, arguments: args, ...extra });
const firstText = (result: ToolRunResult) => (result.content[0] as TextBlock).text;

describe('tool runner against the tool-lab fixture', () => {
  it('lists every page of tools with annotations and icons, and follows list_changed', async () => {
    const tools = await core.api.listTools({ name: 'lab' });
    expect(tools.length).toBeGreaterThan(1200);
    expect(tools.filter((t) => t.name.startsWith('bulk_'))).toHaveLength(1200);
    expect(tools.find((t) => t.name === 'delete_everything')).toMatchObject({ fullName: 'mcp__lab__delete_everything', annotations: { destructiveHint: true } });
    expect(tools.find((t) => t.name === 'with_icon')?.icons?.[0]?.src).toMatch(/^data:image\/svg\+xml;base64,/);

    await call('add_tool');
    await waitUntil(() => events.some((e) => e.type === 'tools-changed' && e.server === 'lab'), 'tools-changed');
    expect((await core.api.listTools({ name: 'lab' })).some((t) => t.name === 'added_1')).toBe(true);
  });

  it('asks before a tool that is not read-only, unless a rule allows it; deny rules refuse', async () => {
    await expect(call('delete_everything')).rejects.toThrow('mcp__lab__delete_everything needs your confirmation');
    expect(firstText(await call('delete_everything', {}, { confirmed: true }))).toMatch(/deleted nothing/);
    await core.api.setPermissionRule({ pattern: 'mcp__lab__delete_everything', decision: 'allow' });
    expect(firstText(await call('delete_everything'))).toMatch(/deleted nothing/);
    await core.api.setPermissionRule({ pattern: 'mcp__lab', decision: 'deny' });
    await expect(call('kitchen_sink', { name: 'xx', count: 1 }, { confirmed: true })).rejects.toThrow('not allowed: rule mcp__lab: deny');
    await core.api.removePermissionRule({ pattern: 'mcp__lab' });
    const saved = JSON.parse(await fs.readFile(path.join(dataDir, 'permissions.json'), 'utf8'));
    expect(saved.rules).toEqual([{ server: 'lab', tool: 'delete_everything', decision: 'allow' }]);
    await core.api.removePermissionRule({ pattern: 'mcp__lab__delete_everything' });
  });

  it('streams progress with messages and cancels with notifications/cancelled', async () => {
    const callId = 'cancel-me';
    const running = call('slow_progress', { steps: 100, delayMs: 100 }, { callId });
    await waitUntil(() => events.some((e) => e.type === 'tool-progress' && e.callId === callId && e.message === 'Step 1 of 100'), 'first progress');
    expect(await core.api.cancelCall({ callId })).toBe(true);
    await expect(running).rejects.toThrow('The call was cancelled');
    expect(await core.api.cancelCall({ callId })).toBe(false);
    const entries = await core.api.listHistory({ search: 'slow_progress' });
    expect(entries[0]).toMatchObject({ outcome: 'cancelled', fullName: 'mcp__lab__slow_progress' });
  });

  it('a cancel pressed while the server is still starting wins: the destructive call is never sent', async () => {
    const gate = path.join(dataDir, 'start-gate');
    const callLog = path.join(dataDir, 'gated-calls.log');
    await core.api.setPermissionRule({ pattern: 'mcp__gated__delete_everything', decision: 'allow' });
    // Adding connects, and the server holds its start until the gate file exists.
    const adding = core.api.addServer({ name: 'gated', config: { command: process.execPath, args: [fixtureServer('tool-lab'), '--start-gate', gate, '--call-log', callLog] } });
    await waitUntil(() => events.some((e) => e.type === 'server-log' && e.server === 'gated' && e.line.includes('waiting for the start gate')), 'the server waits at its gate');
    const callId = 'cancel-while-starting';
    const outcome = core.api.callTool({ server: 'gated', tool: 'delete_everything', arguments: {}, callId }).then(
      () => 'ran',
      (error: unknown) => String(error),
    );
    expect(await core.api.cancelCall({ callId })).toBe(true);
    await fs.writeFile(gate, '');
    await adding;
    expect(await outcome).toMatch('The call was cancelled');
    // Calls on one connection are answered in order: once this one is logged, the cancelled one would be too.
    expect(firstText(await core.api.callTool({ server: 'gated', tool: 'structured_ok', arguments: {} }))).toBeDefined();
    expect((await fs.readFile(callLog, 'utf8')).trim().split('\n')).toEqual(['structured_ok']);
    expect((await core.api.listHistory({ search: 'delete_everything' }))[0]).toMatchObject({ outcome: 'cancelled', fullName: 'mcp__gated__delete_everything' });
    await core.api.removePermissionRule({ pattern: 'mcp__gated__delete_everything' });
  });

  it('fits a 4000×3000 image within the limits and keeps the original in a file', async () => {
    const result = await call('make_image');
    const image = result.content[0] as ImageBlock;
    expect(image.shown).toMatchObject({ width: 2000, height: 1500 });
    expect(image.original).toMatchObject({ width: 4000, height: 3000, mimeType: 'image/png' });
    const original = await fs.readFile(image.original.file!.path);
    expect(await sharp(original).metadata()).toMatchObject({ width: 4000, height: 3000 });
    expect(image.original.file!.path.startsWith(path.join(dataDir, 'results'))).toBe(true);
    expect((await sharp(Buffer.from(image.data!, 'base64')).metadata()).width).toBe(2000);
    // History keeps a line about the image, never its bytes.
    const [entry] = await core.api.listHistory({ search: 'make_image' });
    expect(entry).toMatchObject({ summary: '[image 4000×3000]' });
    expect(JSON.stringify(entry).length).toBeLessThan(2000);
  });

  it('cuts a 20 MB text before it leaves the core and pages through the whole', async () => {
    const result = await call('big_text');
    const block = result.content[0] as TextBlock;
    expect(block.truncated).toMatchObject({ shownBytes: 100 * 1024, totalBytes: 20 * 1024 * 1024 });
    expect(block.text.length).toBe(100 * 1024);
    expect(result.sizeBytes).toBeGreaterThan(20 * 1024 * 1024);
    const chunk = await core.api.readResultText({ id: block.truncated!.file.id, offset: 100 * 1024, length: 1024 });
    expect(chunk).toMatchObject({ nextOffset: 101 * 1024, totalBytes: 20 * 1024 * 1024 });
    expect(block.text + chunk.text).toBe((await fs.readFile(block.truncated!.file.path, 'utf8')).slice(0, 101 * 1024));
    await expect(core.api.readResultText({ id: 'not-an-id', offset: 0, length: 10 })).rejects.toThrow();
  });

  it('checks structured content against the output schema and shows a mismatch', async () => {
    expect((await call('structured_ok')).outputCheck).toEqual({ status: 'valid' });
    const bad = await call('structured_bad');
    expect(bad.structured?.value).toEqual({ total: 'three' });
    expect(bad.outputCheck).toMatchObject({ status: 'invalid', errors: [expect.stringMatching(/^total: must be a number \(got "three"\)/)] });
    const error = await call('tool_error');
    expect(error.isError).toBe(true);
  });

  it('shows resource links and embedded resources, and reads a linked resource', async () => {
    const result = await call('resources_mix');
    expect(result.content.map((b) => b.type)).toEqual(['resource_link', 'resource_link', 'resource', 'resource']);
    expect(result.content[2]).toMatchObject({ type: 'resource', text: 'An embedded note.' });
    expect(result.content[3]).toMatchObject({ type: 'resource', image: { type: 'image', shown: { width: 64, height: 48 } } });
    const read = await core.api.readResourceLink({ server: 'lab', uri: 'lab://notes/readme' });
    expect(read[0]).toMatchObject({ type: 'resource', text: expect.stringContaining('tool lab readme') });
    await expect(core.api.openExternalUrl({ url: 'file:///etc/passwd' })).rejects.toThrow('Not opening this link');
    expect(await core.api.openExternalUrl({ url: 'https://example.com/' })).toEqual({ opened: false });
  });

  it('answers form elicitation with the user’s values, or a decline', async () => {
    answerer = (request) =>
      request.body.kind === 'elicitation-form' ? { action: 'accept', content: { name: 'Grace', color: 'blue', subscribe: true } } : undefined;
    expect(firstText(await call('ask_form'))).toBe('action: accept content: {"name":"Grace","color":"blue","subscribe":true}');
    const request = events.findLast((e) => e.type === 'server-request')!;
    expect(request).toMatchObject({ request: { server: 'lab', body: { kind: 'elicitation-form', message: 'Tell the fixture about yourself' } } });
    answerer = () => ({ action: 'decline' });
    expect(firstText(await call('ask_form'))).toBe('action: decline');
  });

  it('retries a call refused with -32042 once the user finished the URL step', async () => {
    answerer = async (request) => {
      if (request.body.kind !== 'elicitation-url') return undefined;
      // The user opens the page (the fixture completes the elicitation), then confirms.
      await fetch(request.body.url);
      return { action: 'accept' };
    };
    const result = await call('url_login');
    expect(firstText(result)).toBe('signed in as fixture-user');
    const asked = events.findLast((e) => e.type === 'server-request');
    expect(asked).toMatchObject({ request: { body: { kind: 'elicitation-url', during: 'tool-call', tool: 'url_login', message: 'Sign in to the tool lab to continue.' } } });

    answerer = (request) => (request.body.kind === 'elicitation-url' ? { action: 'decline' } : undefined);
    await expect(call('url_login')).rejects.toThrow('which you declined');
  });

  it('lets the user write the sampling reply, or decline it', async () => {
    answerer = (request) => {
      if (request.body.kind !== 'sampling') return undefined;
      expect(request.body).toMatchObject({ systemPrompt: 'You are a poet.', maxTokens: 200, messages: [{ role: 'user', content: [{ type: 'text', text: 'Write a haiku about MCP' }] }] });
      return { action: 'reply', text: 'Servers hum softly' };
    };
    expect(firstText(await call('ask_model'))).toBe('model mcp-workbench-user said: Servers hum softly');
    answerer = () => ({ action: 'decline' });
    const declined = await call('ask_model');
    expect(declined.isError).toBe(true);
    expect(firstText(declined)).toMatch(/declined/);
  });

  it('gives the server the roots of its entry', async () => {
    expect(JSON.parse(firstText(await call('list_roots')))).toEqual({ roots: ROOTS });
  });

  it('ends a question nobody answers after the timeout', async () => {
    answerer = undefined;
    const { values } = await core.api.getSettings();
    await core.api.updateSettings({ serverRequestTimeoutMs: 1000 });
    try {
      const before = events.length;
      expect(firstText(await call('ask_form'))).toBe('action: cancel');
      expect(events.slice(before).some((e) => e.type === 'server-request-closed' && e.reason === 'timed-out')).toBe(true);
      expect(await core.api.listServerRequests()).toEqual([]);
    } finally {
      await core.api.updateSettings({ serverRequestTimeoutMs: values.serverRequestTimeoutMs });
    }
  });

  it('keeps every call in the history, searchable, and saves requests by name and group', async () => {
    // Its own calls: whatever other tests ran before adds to them.
    for (const tool of ['structured_ok', 'structured_bad', 'list_roots']) await call(tool);
    const all = await core.api.listHistory({});
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.slice(0, 3).map((entry) => entry.tool)).toEqual(['list_roots', 'structured_bad', 'structured_ok']);
    expect(all[0]!.time).toBeGreaterThanOrEqual(all[all.length - 1]!.time);
    const found = await core.api.listHistory({ search: 'structured_bad' });
    expect(found.every((entry) => entry.tool === 'structured_bad')).toBe(true);
    expect(events.some((e) => e.type === 'history-added')).toBe(true);
    const saved = await core.api.saveRequest({ name: 'square', group: 'shapes', server: 'lab', tool: 'kitchen_sink', arguments: { name: 'sq', count: 1 } });
    await core.api.saveRequest({ name: 'square', group: 'shapes', server: 'lab', tool: 'kitchen_sink', arguments: { name: 'sq', count: 2 } });
    const list = await core.api.listSavedRequests();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: saved.id, arguments: { count: 2 } });
    // Lines are appended in batches, shortly after the calls.
    const lines = async () => (await fs.readFile(path.join(dataDir, 'history.jsonl'), 'utf8')).trim().split('\n');
    await waitUntil(async () => (await lines()).length === all.length, 'every call written to history.jsonl');
  });
});
