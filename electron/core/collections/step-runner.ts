/**
 * Runs one step: fills in its variables (in its arguments, URI and scripted answers),
 * sends its request through the same API the app's buttons use (a tool call, a resource
 * read, a prompt get) with its scripted answers listening, and checks its assertions
 * against what came back.
 */
import { stepKind, stepTarget, type EvalStep, type Step, type StepResult } from '../../../shared/api/collections';
import type { PromptsApi } from '../../../shared/api/prompts';
import type { ResourcesApi } from '../../../shared/api/resources';
import type { ToolsApi } from '../../../shared/api/tools';
import { AppError } from '../../../shared/envelope';
import { checkAssertions, type StepAnswer } from './assertions';
import { errorDocument, promptDocument, resourceDocument, toolDocument } from './result-document';
import { answerScripted, type AnswerChannel } from './scripted-answers';
import { StepCancelled, StepTimeout, VariableError } from './collection-errors';
import { substitute, substituteText, type VariableScope } from './variables';
import { messageOf } from '../../../shared/errors';
import type { ModelAccess } from '../models/model-access';
import { logFailure } from '../diagnostics/diagnostics';

export type StepApi = AnswerChannel & Pick<ToolsApi, 'callTool' | 'cancelCall' | 'listTools'> & Pick<ResourcesApi, 'readResource'> & Pick<PromptsApi, 'getPrompt'>;

/** The steps that send one request (every kind but eval). */
type RequestStep = Exclude<Step, EvalStep>;

export interface StepRun {
  step: Step;
  server: string;
  scope: VariableScope;
  /** The call's id, so a cancel can name it. */
  callId: string;
  signal: AbortSignal;
  /** Models for eval steps; absent where no model can be reached (an eval step then fails saying so). */
  models?: ModelAccess;
}


/** The request's answer, or a rejection when the step's timeout passes or the run is cancelled first. */
function bounded<T>(request: Promise<T>, timeoutMs: number | undefined, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timeoutMs ? setTimeout(() => reject(new StepTimeout(`no answer within the step's timeout (${timeoutMs} ms)`)), timeoutMs) : undefined;
    timer?.unref?.();
    const onAbort = () => reject(new StepCancelled('the run was cancelled'));
    request.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function send(api: StepApi, run: StepRun, step: RequestStep): Promise<StepAnswer> {
  const { server } = run;
  if ('tool' in step) {
    const result = await api.callTool({
      server,
      tool: step.tool,
      arguments: step.arguments ?? {},
      callId: run.callId,
      // The collection names the tool: writing it down is the confirmation, as on the command line.
      confirmed: true,
      // The step's limit is for the whole call: progress does not extend it.
      ...(step.timeoutMs ? { timeoutMs: step.timeoutMs, maxTotalTimeoutMs: step.timeoutMs } : {}),
      ...(step.answers?.inputResponses ? { answerInputByHand: true } : {}),
    });
    return { kind: 'tool', outcome: result.isError ? 'tool-error' : 'ok', document: toolDocument(result), durationMs: Math.round(result.durationMs), outputCheck: result.outputCheck };
  }
  if ('resource' in step) {
    const result = await api.readResource({ server, uri: step.resource, refresh: true });
    return { kind: 'resource', outcome: 'ok', document: resourceDocument(result), durationMs: Math.round(result.durationMs) };
  }
  const result = await api.getPrompt({ server, name: step.prompt, arguments: step.arguments ?? {} });
  return { kind: 'prompt', outcome: 'ok', document: promptDocument(result), durationMs: Math.round(result.durationMs) };
}

export interface StepRunOutcome {
  result: StepResult;
  /** The result document for later steps' variables, when the request was answered. */
  document?: Record<string, unknown>;
  cancelled: boolean;
}

/** The step with its variables filled in: arguments, the URI and the scripted answers; never the assertions, which say what is expected as written. */
function fillIn(step: RequestStep, scope: VariableScope): RequestStep {
  return {
    ...step,
    ...('arguments' in step && step.arguments ? { arguments: substitute(step.arguments, scope) } : {}),
    ...('resource' in step ? { resource: String(substitute(step.resource, scope)) } : {}),
    ...(step.answers ? { answers: substitute(step.answers, scope) } : {}),
  } as RequestStep;
}

/** An eval step with its variables filled in: what the model is told (prompt, turns, system prompt); never the expectations. */
function fillInEval(step: EvalStep, scope: VariableScope): EvalStep {
  const spec = step.eval;
  return {
    ...step,
    eval: {
      ...spec,
      ...(spec.prompt !== undefined ? { prompt: substituteText(spec.prompt, scope) } : {}),
      ...(spec.turns !== undefined ? { turns: spec.turns.map((turn) => substituteText(turn, scope)) } : {}),
      ...(spec.system !== undefined ? { system: substituteText(spec.system, scope) } : {}),
    },
  };
}

export async function runStep(api: StepApi, run: StepRun): Promise<StepRunOutcome> {
  const kind = stepKind(run.step);
  const base = { id: run.step.id, ...(run.step.name ? { name: run.step.name } : {}), kind };
  if ('eval' in run.step) {
    if (!run.models) return { result: { ...base, target: stepTarget(run.step), status: 'failed', error: 'Not run: models cannot be reached from here.', durationMs: 0, assertions: [] }, cancelled: false };
    let step: EvalStep;
    try {
      step = fillInEval(run.step, run.scope);
    } catch (error) {
      if (!(error instanceof VariableError)) throw error;
      return { result: { ...base, target: stepTarget(run.step), status: 'failed', error: `Not run: ${error.message}.`, durationMs: 0, assertions: [] }, cancelled: false };
    }
    // The agent loop and the AI library load with the first eval step, not with every collection run.
    const { runEvalStep } = await import('./eval-runner');
    return runEvalStep(api, { step, server: run.server, signal: run.signal, models: run.models });
  }
  const requestStep = run.step;
  let step: RequestStep;
  try {
    step = fillIn(requestStep, run.scope);
  } catch (error) {
    if (!(error instanceof VariableError)) throw error;
    return { result: { ...base, target: stepTarget(requestStep), status: 'failed', error: `Not sent: ${error.message}.`, durationMs: 0, assertions: [] }, cancelled: false };
  }
  const target = stepTarget(step);

  const answerer = answerScripted(api, run.server, step.answers, kind === 'tool' ? run.callId : undefined);
  const started = performance.now();
  let answer: StepAnswer;
  let requestError: string | undefined;
  try {
    if (run.signal.aborted) throw new StepCancelled('the run was cancelled');
    // Tool calls carry the limit themselves; this bound also covers what a call waits for besides its answer (a URL step's completion).
    answer = await bounded(send(api, run, step), step.timeoutMs, run.signal);
  } catch (failure) {
    const durationMs = Math.round(performance.now() - started);
    if (failure instanceof StepCancelled || run.signal.aborted) {
      if (kind === 'tool') void api.cancelCall({ callId: run.callId }).catch(logFailure('Cancelling the call of a cancelled step failed; the server may still be running it'));
      return { result: { ...base, target, status: 'skipped', outcome: 'failed', error: 'The run was cancelled.', durationMs, assertions: [] }, cancelled: true };
    }
    if (failure instanceof StepTimeout && kind === 'tool') void api.cancelCall({ callId: run.callId }).catch(logFailure('Cancelling the call of a timed-out step failed; the server may still be running it'));
    requestError = messageOf(failure);
    const failureKind = failure instanceof AppError ? failure.kind : failure instanceof StepTimeout ? 'timeout' : undefined;
    answer = { kind, outcome: 'failed', document: errorDocument(requestError, failureKind), durationMs };
  } finally {
    answerer.stop();
  }

  const assertions = checkAssertions(step.expect, answer);
  const unanswered = answerer.unanswered.map((what) => `${what}.`);
  const status = unanswered.length === 0 && assertions.every((verdict) => verdict.passed) ? 'passed' : 'failed';
  // A request error expected by an `outcome: failed` assertion is no reason of a failure: it stays in the result document.
  const reasons = [...(status === 'failed' && requestError ? [requestError] : []), ...unanswered];
  return {
    result: { ...base, target, status, outcome: answer.outcome, ...(reasons.length ? { error: reasons.join(' ') } : {}), durationMs: answer.durationMs, assertions, result: answer.document },
    document: answer.document,
    cancelled: false,
  };
}
