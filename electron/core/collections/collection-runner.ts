/**
 * Runs a collection's steps in order against one connected server: each step's variables
 * read the results of the steps before it; a failed step stops the run when `bail` is set
 * (the rest are reported as skipped); cancelling ends the step in flight and skips the rest.
 * A `collection-progress` event goes out as each step starts and ends.
 */
import { randomUUID } from 'node:crypto';
import { stepKind, stepTarget, type Collection, type CollectionRunProgress, type CollectionRunReport, type StepResult } from '../../../shared/api/collections';
import type { ConnectionsApi } from '../../../shared/api/connections';
import { AppError } from '../../../shared/envelope';
import { runStep, type StepApi } from './step-runner';
import type { VariableScope } from './variables';
import type { ModelAccess } from '../models/model-access';

export type RunnerApi = StepApi & Pick<ConnectionsApi, 'connectServer'>;

export interface CollectionRun {
  collection: Collection;
  server: string;
  bail: boolean;
  runId: string;
  file?: string;
  env: Readonly<Record<string, string | undefined>>;
  /** See VariableScope: which variables may be read, and who sees the values read. */
  allowedEnv?: VariableScope['allowedEnv'];
  onEnvValue?: VariableScope['onEnvValue'];
  signal: AbortSignal;
  /** Models for eval steps. */
  models?: ModelAccess;
  onProgress?: (progress: CollectionRunProgress) => void;
}

/** Connects the server first: a server that does not connect is an error of the run (not a failed step), with its kind. */
async function connect(api: RunnerApi, server: string): Promise<void> {
  const view = await api.connectServer({ name: server });
  if (view.status === 'connected') return;
  throw new AppError('failed', `${server} did not connect (${view.status})${view.error ? `: ${view.error}` : ''}.`, {
    kind: view.errorKind ?? (view.status === 'needs-auth' ? 'needs-auth' : view.status === 'disabled' ? 'disabled' : 'connection'),
  });
}

export async function runCollection(api: RunnerApi, run: CollectionRun): Promise<CollectionRunReport> {
  const startedAt = Date.now();
  const started = performance.now();
  const { collection } = run;
  await connect(api, run.server);

  const documents = new Map<string, unknown>();
  const withoutResult = new Set<string>();
  const results: StepResult[] = [];
  const total = collection.steps.length;
  const progress = (index: number, stepId: string, result?: StepResult) =>
    run.onProgress?.({ runId: run.runId, collection: collection.name, ...(run.file ? { file: run.file } : {}), index, total, stepId, ...(result ? { result } : {}) });
  let stopped: 'bail' | 'cancelled' | undefined;

  for (const [index, step] of collection.steps.entries()) {
    if (!stopped && run.signal.aborted) stopped = 'cancelled';
    if (stopped) {
      const reason = stopped === 'cancelled' ? 'The run was cancelled.' : 'Skipped: an earlier step failed and the run stops at the first failure (bail).';
      const skipped: StepResult = { id: step.id, ...(step.name ? { name: step.name } : {}), kind: stepKind(step), target: stepTarget(step), status: 'skipped', error: reason, durationMs: 0, assertions: [] };
      results.push(skipped);
      progress(index, step.id, skipped);
      continue;
    }
    progress(index, step.id);
    const outcome = await runStep(api, { step, server: run.server, scope: { env: run.env, ...(run.allowedEnv ? { allowedEnv: run.allowedEnv } : {}), ...(run.onEnvValue ? { onEnvValue: run.onEnvValue } : {}), steps: documents, withoutResult }, callId: `collection-${run.runId}-${index}-${randomUUID().slice(0, 8)}`, signal: run.signal, ...(run.models ? { models: run.models } : {}) });
    if (outcome.document) documents.set(step.id, outcome.document);
    else withoutResult.add(step.id);
    results.push(outcome.result);
    progress(index, step.id, outcome.result);
    if (outcome.cancelled) stopped = 'cancelled';
    else if (outcome.result.status === 'failed' && run.bail) stopped = 'bail';
  }

  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const result of results) counts[result.status]++;
  return {
    runId: run.runId,
    collection: collection.name,
    ...(run.file ? { file: run.file } : {}),
    server: run.server,
    status: stopped === 'cancelled' ? 'cancelled' : counts.failed > 0 ? 'failed' : 'passed',
    startedAt,
    durationMs: Math.round(performance.now() - started),
    steps: results,
    counts,
  };
}
