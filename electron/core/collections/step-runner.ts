/**
 * Runs one step: fills in its variables (in its arguments, URI and scripted answers),
 * sends its request through the same API the app's buttons use (a tool call, a resource
 * read, a prompt get) with its scripted answers listening, and checks its assertions
 * against what came back.
 */
import { stepKind, type Step, type StepResult } from '../../../shared/api/collections';
import type { PromptsApi } from '../../../shared/api/prompts';
import type { ResourcesApi } from '../../../shared/api/resources';
import type { ToolsApi } from '../../../shared/api/tools';
import { AppError } from '../../../shared/envelope';
import { checkAssertions, type StepAnswer } from './assertions';
import { errorDocument, promptDocument, resourceDocument, toolDocument } from './result-document';
import { answerScripted, type AnswerChannel } from './scripted-answers';
import { substitute, VariableError, type VariableScope } from './variables';

export type StepApi = AnswerChannel & Pick<ToolsApi, 'callTool' | 'cancelCall'> & Pick<ResourcesApi, 'readResource'> & Pick<PromptsApi, 'getPrompt'>;

export interface StepRun {
  step: Step;
  server: string;
  scope: VariableScope;
  /** The call's id, so a cancel can name it. */
  callId: string;
  signal: AbortSignal;
}

class StepTimeout extends Error {}
class StepCancelled extends Error {}

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

async function send(api: StepApi, run: StepRun, step: Step): Promise<StepAnswer> {
  const { server } = run;
  if ('tool' in step) {
    const result = await api.callTool({
      server,
      tool: step.tool,
      arguments: step.arguments ?? {},
      callId: run.callId,
      // The collection names the tool: writing it down is the confirmation, as on the command line.
      confirmed: true,
      ...(step.timeoutMs ? { timeoutMs: step.timeoutMs } : {}),
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

export async function runStep(api: StepApi, run: StepRun): Promise<StepRunOutcome> {
  const kind = stepKind(run.step);
  const base = { id: run.step.id, ...(run.step.name ? { name: run.step.name } : {}), kind };
  let step: Step;
  try {
    // Arguments, the URI and the scripted answers; never the assertions, which say what is expected as written.
    step = {
      ...run.step,
      ...('arguments' in run.step && run.step.arguments ? { arguments: substitute(run.step.arguments, run.scope) } : {}),
      ...('resource' in run.step ? { resource: String(substitute(run.step.resource, run.scope)) } : {}),
      ...(run.step.answers ? { answers: substitute(run.step.answers, run.scope) } : {}),
    } as Step;
  } catch (error) {
    if (!(error instanceof VariableError)) throw error;
    const target = 'tool' in run.step ? run.step.tool : 'resource' in run.step ? run.step.resource : run.step.prompt;
    return { result: { ...base, target, status: 'failed', error: `Not sent: ${error.message}.`, durationMs: 0, assertions: [] }, cancelled: false };
  }
  const target = 'tool' in step ? step.tool : 'resource' in step ? step.resource : step.prompt;

  const answerer = answerScripted(api, run.server, step.answers);
  const started = performance.now();
  let answer: StepAnswer;
  let error: string | undefined;
  let cancelled = false;
  try {
    if (run.signal.aborted) throw new StepCancelled('the run was cancelled');
    answer = await bounded(send(api, run, step), step.timeoutMs && kind !== 'tool' ? step.timeoutMs : undefined, run.signal);
  } catch (failure) {
    cancelled = failure instanceof StepCancelled || run.signal.aborted;
    if (cancelled && kind === 'tool') void api.cancelCall({ callId: run.callId }).catch(() => undefined);
    const message = failure instanceof Error ? failure.message : String(failure);
    const failureKind = failure instanceof AppError ? failure.kind : failure instanceof StepTimeout ? 'timeout' : undefined;
    error = cancelled ? 'The run was cancelled.' : message;
    answer = { kind, outcome: 'failed', document: errorDocument(message, failureKind), durationMs: Math.round(performance.now() - started) };
  } finally {
    answerer.stop();
  }
  if (cancelled) return { result: { ...base, target, status: 'skipped', outcome: 'failed', error: error!, durationMs: answer.durationMs, assertions: [] }, cancelled: true };

  const assertions = checkAssertions(step.expect, answer);
  const problems = [...answerer.unanswered.map((what) => `${what}.`)];
  const status = problems.length === 0 && assertions.every((verdict) => verdict.passed) ? 'passed' : 'failed';
  const errorText = [error && answer.outcome === 'failed' ? error : undefined, ...problems].filter(Boolean).join(' ');
  return {
    result: { ...base, target, status, outcome: answer.outcome, ...(errorText ? { error: errorText } : {}), durationMs: answer.durationMs, assertions, result: answer.document },
    document: answer.document,
    cancelled: false,
  };
}
