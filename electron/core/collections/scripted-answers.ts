/**
 * Answers a server's questions during one step in place of a person: each elicitation,
 * sampling request and hand-answered `input_required` round takes the step's next scripted
 * answer of its kind. A question with no answer left is declined (or the call ended) at
 * once, so the server is never left waiting, and the step fails saying what was asked.
 */
import type { ScriptedAnswers } from '../../../shared/api/collections';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../shared/api/server-requests';
import type { AppEvent, Unsubscribe } from '../../../shared/events';
import { ignoreFailure } from '../diagnostics/diagnostics';

export interface AnswerChannel {
  onEvent(listener: (event: AppEvent) => void): Unsubscribe;
  answerServerRequest(request: { id: string; answer: ServerRequestAnswer }): Promise<boolean>;
}

export interface ScriptedAnswerer {
  /** What was asked that the script had no answer for, in words. */
  readonly unanswered: string[];
  stop(): void;
}

function describe(request: PendingServerRequest): string | undefined {
  const body = request.body;
  switch (body.kind) {
    case 'elicitation-form':
      return `an elicitation ("${body.message}"), and answers.elicitation has no answer left`;
    case 'elicitation-url':
      return `an elicitation to open ${body.url} ("${body.message}"), and answers.elicitation has no answer left`;
    case 'sampling':
      return 'a sampling reply (a model message), and answers.sampling has no answer left';
    case 'input-required':
      return `input responses for round ${body.round} of ${body.tool}, and answers.inputResponses has none left`;
    case 'headers-helper':
      // Not a question of the call: the user allows a headersHelper, never a script.
      return undefined;
  }
}

/**
 * `callId`: the step's tool call. A question tied to another call (a person's, made by hand
 * while the collection runs) is left to the person, as is one asked while several calls run
 * on the server (which is the step's cannot be told). Without `callId` (a resource or prompt
 * step) only questions tied to no call are answered.
 */
export function answerScripted(channel: AnswerChannel, server: string, answers: ScriptedAnswers | undefined, callId?: string): ScriptedAnswerer {
  const elicitation = [...(answers?.elicitation ?? [])];
  const sampling = [...(answers?.sampling ?? [])];
  const inputResponses = [...(answers?.inputResponses ?? [])];
  const unanswered: string[] = [];

  const next = (request: PendingServerRequest): ServerRequestAnswer | undefined => {
    switch (request.body.kind) {
      case 'elicitation-form':
      case 'elicitation-url':
        return elicitation.shift();
      case 'sampling': {
        const reply = sampling.shift();
        return reply && { action: 'reply', text: reply.text, ...(reply.model ? { model: reply.model } : {}) };
      }
      case 'input-required': {
        const responses = inputResponses.shift();
        return responses && { action: 'send', inputResponses: responses };
      }
      case 'headers-helper':
        return undefined;
    }
  };

  const unsubscribe = channel.onEvent((event) => {
    if (event.type !== 'server-request' || event.request.server !== server) return;
    const { request } = event;
    if (request.callId !== callId) return;
    const what = describe(request);
    if (what === undefined) return;
    let answer = next(request);
    if (!answer) {
      unanswered.push(`${server} asked for ${what}`);
      answer = request.body.kind === 'input-required' ? { action: 'cancel' } : { action: 'decline' };
    }
    void channel.answerServerRequest({ id: request.id, answer }).catch(ignoreFailure('answering a request that ended before its answer'));
  });
  return { unanswered, stop: unsubscribe };
}
