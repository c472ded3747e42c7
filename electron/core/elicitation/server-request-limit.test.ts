/**
 * A server that sends sampling requests in a storm (the tool lab's `sampling_storm`, a
 * real stdio process sending 30 at once): at most MAX_PENDING_SERVER_QUESTIONS wait for
 * the user, the rest are refused at once with a JSON-RPC error the server receives, and
 * the user is told once.
 */
import { afterEach, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from '../api/core-api';
import { MAX_PENDING_SERVER_QUESTIONS } from './server-request-broker';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

it('refuses the server requests past the cap with an error to the server, tells the user once, and the rest are answered', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-storm-'));
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { lab: { command: process.execPath, args: [fixtureServer('tool-lab')] } } }));
  const core: Core = await createCore({ dataDir, env: { PATH: process.env.PATH }, watchConfig: false, project: null, shellEnv: async () => ({ env: {} }) });
  cleanup.push(() => core.dispose());

  const asked: string[] = [];
  const refusals: AppEvent[] = [];
  // Resolves when the storm is over from our side: the refusal notice, or one question too many shown.
  const settled = new Promise<void>((resolve) => {
    core.events.subscribe((event) => {
      if (event.type === 'server-request') {
        asked.push(event.request.id);
        if (asked.length > MAX_PENDING_SERVER_QUESTIONS) resolve();
      }
      if (event.type === 'server-requests-refused') {
        refusals.push(event);
        resolve();
      }
    });
  });
  const call = core.api.callTool({ server: 'lab', tool: 'sampling_storm', arguments: { count: 30 }, confirmed: true });
  await settled;
  expect(asked).toHaveLength(MAX_PENDING_SERVER_QUESTIONS);
  for (const id of asked) await core.api.answerServerRequest({ id, answer: { action: 'reply', text: 'ok' } });
  const result = await call;
  const text = JSON.stringify(result.content);
  expect(text).toContain(`answered ${MAX_PENDING_SERVER_QUESTIONS}, refused ${30 - MAX_PENDING_SERVER_QUESTIONS}: `);
  expect(text).toContain('Too many requests waiting for the user');
  expect(refusals).toEqual([{ type: 'server-requests-refused', server: 'lab', limit: MAX_PENDING_SERVER_QUESTIONS }]);
  // Nothing is left waiting, and the next question is shown again.
  expect(await core.api.listServerRequests()).toEqual([]);
});
