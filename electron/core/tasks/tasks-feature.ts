/**
 * Task support declared by the client (2025-11-25 `capabilities.tasks`): the server may
 * run tool calls as tasks, list and cancel them, and may itself ask for elicitation or
 * sampling as tasks of ours. Those task-augmented requests are served by ext-tasks'
 * receiver, which answers them with the same dialogs as plain requests (plain ones still
 * reach the elicitation and sampling features, installed before this one).
 *
 * The 2026-07-28 extension is declared per request instead, only on the requests sent
 * as tasks (raw-dispatch-transport.ts): a plain call never gets a task back.
 */
import type { Client } from '@modelcontextprotocol/client';
import { bindTaskReceiver } from '@modelcontextprotocol/ext-tasks/receiver';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ClientFeature } from '../connections/client-feature';
import type { ElicitationFeature } from '../elicitation/elicitation-feature';
import type { SamplingFeature } from '../elicitation/sampling-feature';

/** How long a task of ours (an answer to a server's task-augmented request) is kept. */
const RECEIVER_TTL_MS = 10 * 60 * 1000;

export class TasksFeature implements ClientFeature {
  constructor(
    private readonly elicitation: ElicitationFeature,
    private readonly sampling: SamplingFeature,
  ) {}

  capabilities() {
    return { tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } } };
  }

  install(server: ServerName, _config: ServerConfig, client: Client): void {
    bindTaskReceiver(client, {
      methods: { 'elicitation/create': true, 'sampling/createMessage': true },
      ttlMs: RECEIVER_TTL_MS,
      pollIntervalMs: 500,
      elicitation: async (request, { signal }) => (await this.elicitation.answer(server, request.params as never, signal)) as never,
      sampling: async (request, { signal }) => (await this.sampling.answer(server, request.params as never, signal)) as never,
    });
  }
}
