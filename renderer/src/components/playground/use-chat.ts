/**
 * One playground conversation: each prompt is a runChat under a callId of its own; its
 * steps, streamed text and paused tool calls arrive as `chat-event`s for that callId.
 * The conversation (the library's messages) is carried from one turn to the next; Stop
 * cancels the turn under way; a paused call waits here for approve / edit / deny.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatError, ChatEvent, ChatRequest, ChatRunResult, ChatStep, ChatToolStep, ChatUsage, ModelProviderId } from '../../../../shared/api/models';
import { useWorkbench } from '../../state/store';

export interface ChatTurn {
  callId: string;
  prompt: string;
  model: string;
  /** What the turn was run with: a re-run from one of its tool calls uses the same. */
  setup: ChatSetup;
  text: string;
  steps: ChatStep[];
  status?: 'answered' | 'max-steps' | 'stopped' | 'failed';
  error?: ChatError;
  usage?: ChatUsage;
  /** The conversation at the end of the turn (what a re-run from one of its calls is cut from). */
  messages?: unknown[];
  /** Run again from a tool call: which one, and the turn as it was before. */
  rerun?: { step: number; tool: string; edited: boolean; earlier: ChatTurn };
}

/** A re-run from a tool step of a turn: the result the model is told this time. */
export interface RerunFrom {
  step: ChatToolStep;
  result: { text: string; isError: boolean };
}

export interface PausedCall {
  approvalId: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  expiresAt: number;
}

export interface ChatSetup {
  provider: ModelProviderId;
  model: string;
  servers: string[];
  tools?: Record<string, string[]>;
  system: string;
  pause: boolean;
}

export function useChat() {
  const api = useWorkbench((s) => s.api);
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [paused, setPaused] = useState<PausedCall | undefined>();
  const [running, setRunning] = useState<string | undefined>();
  const history = useRef<unknown[]>([]);
  const current = useRef<string | undefined>(undefined);

  const updateTurn = useCallback((callId: string, change: (turn: ChatTurn) => ChatTurn) => {
    setTurns((all) => all.map((turn) => (turn.callId === callId ? change(turn) : turn)));
  }, []);

  useEffect(
    () =>
      api.onEvent((event) => {
        if (event.type !== 'chat-event' || event.callId !== current.current) return;
        apply(event.callId, event.event);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply only uses stable setters
    [api],
  );

  function apply(callId: string, event: ChatEvent) {
    switch (event.kind) {
      case 'text':
        updateTurn(callId, (turn) => ({ ...turn, text: turn.text + event.text }));
        break;
      case 'step':
        updateTurn(callId, (turn) => ({ ...turn, steps: [...turn.steps, event.step], ...(event.step.kind === 'model' ? { text: event.step.text } : {}) }));
        break;
      case 'approval':
        setPaused({ approvalId: event.approvalId, server: event.server, tool: event.tool, arguments: event.arguments, expiresAt: event.expiresAt });
        break;
      case 'approval-closed':
        setPaused((p) => (p?.approvalId === event.approvalId ? undefined : p));
        break;
      case 'usage':
        updateTurn(callId, (turn) => ({ ...turn, usage: event.usage }));
        break;
      case 'error':
        updateTurn(callId, (turn) => ({ ...turn, error: event.error }));
        break;
      case 'done':
        updateTurn(callId, (turn) => ({ ...turn, status: event.status }));
        break;
    }
  }

  /** Runs one turn (a prompt, or a re-run) under its callId and settles it with the core's answer. */
  const runTurn = useCallback(
    async (callId: string, run: () => Promise<ChatRunResult>) => {
      current.current = callId;
      setRunning(callId);
      try {
        const result = await run();
        history.current = result.messages;
        updateTurn(callId, (turn) => ({ ...turn, text: result.text, steps: [...keptSteps(turn), ...result.steps], status: result.status, usage: result.usage, messages: result.messages, ...(result.error ? { error: result.error } : {}) }));
      } catch (error) {
        updateTurn(callId, (turn) => ({ ...turn, status: 'failed', error: { message: (error as Error).message, hint: '', reason: 'request' } }));
      } finally {
        setRunning((id) => (id === callId ? undefined : id));
        setPaused(undefined);
      }
    },
    [updateTurn],
  );

  const send = useCallback(
    async (prompt: string, setup: ChatSetup) => {
      const callId = crypto.randomUUID();
      setTurns((all) => [...all, { callId, prompt, model: `${setup.provider}:${setup.model}`, setup, text: '', steps: [] }]);
      const request: ChatRequest = {
        callId,
        ...requestSetup(setup),
        prompt,
        ...(history.current.length ? { history: history.current } : {}),
      };
      await runTurn(callId, () => api.runChat(request));
    },
    [api, runTurn],
  );

  /**
   * Runs a finished turn again from one of its tool calls, the result as the user edited it.
   * The turn is replaced (its earlier version kept beside it) and the turns after it go: the
   * conversation now continues from the re-run.
   */
  const rerun = useCallback(
    async (turnCallId: string, from: RerunFrom, pause: boolean) => {
      const index = turns.findIndex((turn) => turn.callId === turnCallId);
      const earlier = turns[index];
      if (!earlier?.messages) return;
      const callId = crypto.randomUUID();
      const edited = from.result.text !== from.step.resultText || from.result.isError !== from.step.isError;
      const kept = earlier.steps
        .filter((step) => step.step <= from.step.step)
        .map((step) =>
          step.kind === 'tool' && step.toolCallId === from.step.toolCallId && edited
            ? { ...step, resultText: from.result.text, isError: from.result.isError, resultEdited: step.resultEdited ?? { serverText: step.resultText, serverIsError: step.isError } }
            : step,
        );
      const { rerun: _previous, ...earlierTurn } = earlier;
      setTurns((all) => [
        ...all.slice(0, index),
        { callId, prompt: earlier.prompt, model: earlier.model, setup: earlier.setup, text: '', steps: kept, rerun: { step: from.step.step, tool: from.step.tool, edited, earlier: earlierTurn } },
      ]);
      const { messages } = earlier;
      await runTurn(callId, () =>
        api.rerunChat({ callId, ...requestSetup(earlier.setup), pause, history: messages, from: { toolCallId: from.step.toolCallId, step: from.step.step, ...(edited ? { result: from.result } : {}) } }),
      );
    },
    [api, runTurn, turns],
  );

  const stop = useCallback(() => {
    if (current.current) void api.cancelCall({ callId: current.current });
  }, [api]);

  const answer = useCallback(
    (decision: 'approve' | 'deny', args?: Record<string, unknown>) => {
      if (!paused) return;
      setPaused(undefined);
      void api.answerChatApproval({ approvalId: paused.approvalId, decision, ...(args ? { arguments: args } : {}) });
    },
    [api, paused],
  );

  const clear = useCallback(() => {
    history.current = [];
    setTurns([]);
  }, []);

  return { turns, paused, running: running !== undefined, send, rerun, stop, answer, clear };
}

/** The page's set-up as the core's chat request has it. */
function requestSetup(setup: ChatSetup) {
  return {
    provider: setup.provider,
    model: setup.model,
    servers: setup.servers,
    ...(setup.tools ? { tools: setup.tools } : {}),
    ...(setup.system.trim() ? { system: setup.system } : {}),
    pause: setup.pause,
  };
}

/** The steps a re-run keeps from the turn it came from (up to its call); a new turn keeps none. */
function keptSteps(turn: ChatTurn): ChatStep[] {
  return turn.rerun ? turn.steps.filter((step) => step.step <= turn.rerun!.step) : [];
}
