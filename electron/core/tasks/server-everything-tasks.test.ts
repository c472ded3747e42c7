/**
 * The reference server (@modelcontextprotocol/server-everything, 2025-11-25 tasks) through
 * the real core: because the client declares tasks, all 19 of its tools are listed (the
 * two `*-async` ones only for such clients); "Simulate Research Query" (taskSupport
 * required) runs as a task, its clarification asked through the elicitation dialog; and
 * the async tools' task-augmented elicitation and sampling, served by our receiver, complete.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../../../e2e/fixtures/paths';
import type { ServerRequestAnswer } from '../../../shared/api/server-requests';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
const events: AppEvent[] = [];
const server = 'everything';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-everything-tasks-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  core.events.subscribe((event) => events.push(event));
  await core.api.addServer({ name: server, config: { command: process.execPath, args: [everythingServer, 'stdio'] } });
  await core.api.setPermissionRule({ pattern: `mcp__${server}`, decision: 'allow' });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Answers every question the server asks while `run` runs. */
async function answering<T>(answer: (kind: string) => ServerRequestAnswer, run: () => Promise<T>): Promise<T> {
  const off = core.events.subscribe((event) => {
    if (event.type === 'server-request' && event.request.server === server) void core.api.answerServerRequest({ id: event.request.id, answer: answer(event.request.body.kind) });
  });
  try {
    return await run();
  } finally {
    off();
  }
}

describe('server-everything with tasks', () => {
  it('lists all 19 tools, the task-only ones included', async () => {
    const tools = await core.api.listTools({ name: server });
    expect(tools).toHaveLength(19);
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['simulate-research-query', 'trigger-elicitation-request-async', 'trigger-sampling-request-async']));
    expect(tools.find((tool) => tool.name === 'simulate-research-query')?.execution).toEqual({ taskSupport: 'required' });
  });

  it('runs Simulate Research Query as a task and asks its clarification through the dialog', { timeout: 60_000 }, async () => {
    const result = await answering(
      () => ({ action: 'accept', content: { interpretation: 'historical' } }),
      () => core.api.callTool({ server, tool: 'simulate-research-query', arguments: { topic: 'tasks', ambiguous: true } }),
    );
    expect(result.task).toMatchObject({ status: 'completed' });
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    expect(text).toContain('# Research Report: tasks (historical)');
    const statuses = events.flatMap((event) => (event.type === 'task-updated' && event.task.taskId === result.task!.taskId ? [event.task.status] : []));
    expect(statuses).toContain('completed');
  });

  it('answers the async elicitation and sampling tools as tasks of ours', { timeout: 60_000 }, async () => {
    const elicited = await answering(
      () => ({ action: 'accept', content: { name: 'Ada', favoriteColor: 'Blue', agreeToTerms: true } }),
      () => core.api.callTool({ server, tool: 'trigger-elicitation-request-async', arguments: {} }),
    );
    const elicitText = elicited.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    expect(elicitText).not.toMatch(/\[SYNC\]|\[FAILED\]|\[TIMEOUT\]/);
    expect(elicitText).toContain('Ada');

    const sampled = await answering(
      () => ({ action: 'reply', text: 'a reply written by hand' }),
      () => core.api.callTool({ server, tool: 'trigger-sampling-request-async', arguments: { prompt: 'Say hi' } }),
    );
    const sampleText = sampled.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    expect(sampleText).not.toMatch(/\[SYNC\]|\[FAILED\]|\[TIMEOUT\]/);
    expect(sampleText).toContain('a reply written by hand');
  });
});
