/**
 * One playground conversation: each prompt is a runChat under a callId of its own; its
 * steps, streamed text and paused tool calls arrive as `chat-event`s for that callId.
 * The conversation (the library's messages) is carried from one turn to the next; Stop
 * cancels the turn under way; a paused call waits here for approve / edit / deny.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatError, ChatEvent, ChatRequest, ChatStep, ChatUsage, ModelProviderId } from '../../../../shared/api/models';
import { useWorkbench } from '../../state/store';

export interface ChatTurn {
  callId: string;
  prompt: string;
  model: string;
  text: string;
  steps: ChatStep[];
  status?: 'answered' | 'max-steps' | 'stopped' | 'failed';
  error?: ChatError;
  usage?: ChatUsage;
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

  const send = useCallback(
    async (prompt: string, setup: ChatSetup) => {
      const callId = crypto.randomUUID();
      current.current = callId;
      setRunning(callId);
      setTurns((all) => [...all, { callId, prompt, model: `${setup.provider}:${setup.model}`, text: '', steps: [] }]);
      const request: ChatRequest = {
        callId,
        provider: setup.provider,
        model: setup.model,
        servers: setup.servers,
        ...(setup.tools ? { tools: setup.tools } : {}),
        ...(setup.system.trim() ? { system: setup.system } : {}),
        prompt,
        ...(history.current.length ? { history: history.current } : {}),
        pause: setup.pause,
      };
      try {
        const result = await api.runChat(request);
        history.current = result.messages;
        updateTurn(callId, (turn) => ({ ...turn, text: result.text, steps: result.steps, status: result.status, usage: result.usage, ...(result.error ? { error: result.error } : {}) }));
      } catch (error) {
        updateTurn(callId, (turn) => ({ ...turn, status: 'failed', error: { message: (error as Error).message, hint: '', reason: 'request' } }));
      } finally {
        setRunning((id) => (id === callId ? undefined : id));
        setPaused(undefined);
      }
    },
    [api, updateTurn],
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

  return { turns, paused, running: running !== undefined, send, stop, answer, clear };
}
