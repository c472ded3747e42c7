// Stand-in for shared/api/collections.ts until it lands.
export type Assertion =
  | { outcome: 'ok' | 'tool-error' | 'failed' }
  | { path: string; equals?: unknown; contains?: unknown; matches?: string; exists?: boolean }
  | { outputSchema: true | Record<string, unknown> }
  | { maxDurationMs: number };

interface StepBase {
  id?: string;
  assert?: Assertion[];
}
export type CollectionStep =
  | (StepBase & { tool: string; arguments?: Record<string, unknown> })
  | (StepBase & { resource: string })
  | (StepBase & { prompt: string; arguments?: Record<string, unknown> });

export interface Collection {
  name?: string;
  server?: string;
  bail?: boolean;
  steps: CollectionStep[];
}

export interface CollectionListEntry {
  file: string;
  path: string;
  name?: string;
  server?: string;
  stepCount?: number;
  problems?: Array<{ message: string; line?: number; step?: number }>;
}

export interface AssertionVerdict {
  assertion: Assertion;
  passed: boolean;
  message: string;
  path?: string;
  expected?: unknown;
  actual?: unknown;
}

export interface StepResult {
  index: number;
  id?: string;
  label: string;
  status: 'passed' | 'failed' | 'error' | 'skipped' | 'cancelled';
  durationMs: number;
  outcome?: 'ok' | 'tool-error' | 'failed';
  error?: string;
  assertions: AssertionVerdict[];
}

export interface CollectionRunReport {
  file: string;
  server: string;
  status: 'passed' | 'failed' | 'cancelled' | 'error';
  steps: StepResult[];
  durationMs: number;
  error?: string;
}

export interface CollectionStepProgress {
  runId: string;
  file: string;
  step: StepResult;
  total: number;
}

export interface CollectionsApi {
  listCollections(): Promise<{ directory?: string; files: CollectionListEntry[] }>;
  readCollection(request: { file: string }): Promise<{ file: string; collection: Collection }>;
  saveCollection(request: { file: string; collection: Collection }): Promise<{ file: string }>;
  runCollection(request: { file: string; server: string; runId: string }): Promise<CollectionRunReport>;
  cancelCollectionRun(request: { runId: string }): Promise<void>;
}
