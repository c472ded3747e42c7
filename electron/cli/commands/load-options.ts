/**
 * `load`'s command line, checked whole before anything starts: counts, durations, the
 * rate, the profile, the budgets, the baseline file. Each mistake is a usage error (exit
 * 2) that names the option and shows a right way to write it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BudgetError, parseBudgets, type Budget, type BudgetFigures } from '../../core/load/budgets';
import { LOAD_LIMITS } from '../../core/load/load-plan';
import { parseProfile, ProfileError, type LoadProfile } from '../../core/load/load-profile';
import { usageError } from '../exit-codes';

export interface LoadOptionsText {
  clients?: string;
  concurrency?: string;
  duration?: string;
  requests?: string;
  rate?: string;
  profile?: string;
  budget?: string;
  baseline?: string;
  timeout?: string;
  pid?: string;
  churn?: string;
}

export interface LoadSettings {
  clients: number;
  concurrency: number;
  durationMs?: number;
  requests?: number;
  rate?: number;
  profile: LoadProfile;
  budgets: Budget[];
  baseline?: BudgetFigures;
  callTimeoutMs: number;
  watchPid?: number;
  /** A new session every this many calls per client. */
  churn?: number;
  /** Neither --duration nor --requests was given: the default bound applies. */
  defaultBound: boolean;
}

const DEFAULT_DURATION_MS = 30_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;

export async function parseLoadOptions(options: LoadOptionsText, cwd: string): Promise<LoadSettings> {
  const clients = wholeNumber('--clients', options.clients, 1, LOAD_LIMITS.maxClients) ?? 1;
  const concurrency = wholeNumber('--concurrency', options.concurrency, 1, LOAD_LIMITS.maxConcurrency) ?? 1;
  const requests = wholeNumber('--requests', options.requests, 1, LOAD_LIMITS.maxRequests);
  const durationMs = options.duration !== undefined ? parseDuration(options.duration) : undefined;
  const rate = options.rate !== undefined ? positiveNumber('--rate', options.rate) : undefined;
  const callTimeoutMs = options.timeout !== undefined ? (wholeNumber('--timeout', options.timeout, 1, LOAD_LIMITS.maxDurationMs) ?? DEFAULT_CALL_TIMEOUT_MS) : DEFAULT_CALL_TIMEOUT_MS;
  const watchPid = wholeNumber('--pid', options.pid, 1, 2 ** 31);
  const churn = wholeNumber('--churn', options.churn, 1, LOAD_LIMITS.maxRequests);
  let profile: LoadProfile = { kind: 'constant' };
  let budgets: Budget[] = [];
  try {
    if (options.profile !== undefined) profile = parseProfile(options.profile);
    if (options.budget !== undefined) budgets = parseBudgets(options.budget);
  } catch (error) {
    if (error instanceof BudgetError || error instanceof ProfileError) throw usageError(error.message);
    throw error;
  }
  const baseline = options.baseline !== undefined ? await readBaseline(path.resolve(cwd, options.baseline)) : undefined;
  const relative = budgets.find((budget) => budget.relative);
  if (relative && !baseline) throw usageError(`--budget "${relative.text}" is relative to a baseline: give --baseline <report.json> (a previous run's --json output).`);
  const defaultBound = durationMs === undefined && requests === undefined;
  return {
    clients,
    concurrency,
    ...(defaultBound ? { durationMs: DEFAULT_DURATION_MS } : {}),
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(requests !== undefined ? { requests } : {}),
    ...(rate !== undefined ? { rate } : {}),
    profile,
    budgets,
    ...(baseline ? { baseline } : {}),
    callTimeoutMs,
    ...(watchPid !== undefined ? { watchPid } : {}),
    ...(churn !== undefined ? { churn } : {}),
    defaultBound,
  };
}

function wholeNumber(option: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw usageError(`${option} must be a whole number from ${min} to ${max}, got "${text}".`);
  return value;
}

function positiveNumber(option: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw usageError(`${option} must be a number of calls per second above 0, got "${text}".`);
  return value;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `500ms`, `30s`, `5m`, `1h`, `1m30s`; a bare number is seconds. */
function parseDuration(text: string): number {
  const value = text.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else if (/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value)) {
    ms = 0;
    for (const [, number, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) ms += Number(number) * UNITS[unit!]!;
  } else throw usageError(`--duration "${text}" is not a duration.`, 'For example --duration 30s, 5m, 1h or 1m30s.');
  if (ms < 100 || ms > LOAD_LIMITS.maxDurationMs) throw usageError(`--duration must be from 100ms to 24h, got "${text}".`);
  return Math.round(ms);
}

const LatencySchema = z.object({ p50: z.number(), p90: z.number(), p95: z.number(), p99: z.number(), max: z.number(), mean: z.number().default(0), p999: z.number().default(0) });
const BaselineSchema = z.object({ requests: z.number(), errors: z.number(), throughput: z.number(), latency: LatencySchema });

async function readBaseline(file: string): Promise<BudgetFigures> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw usageError(`--baseline: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw usageError(`--baseline: ${file} is not JSON.`, 'A baseline is the output of a previous run with --json.');
  }
  const parsed = BaselineSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw usageError(`--baseline: ${file} is not a load report (${issue?.path.join('.') || 'the document'}: ${issue?.message}).`, 'A baseline is the output of a previous run with --json.');
  }
  return parsed.data;
}
