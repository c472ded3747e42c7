/**
 * A re-run from a tool call: the conversation is cut just after the tool message that holds
 * the call's result, and that result is replaced by the one the user wrote (or kept), so the
 * model is asked again from there. Nothing before the cut changes and the tool is not called
 * again: the point is to see what the model makes of a different answer.
 */
import type { ConversationMessage } from './model-library';

export interface ResumePoint {
  /** The model's id of the tool call whose result the re-run starts from. */
  toolCallId: string;
  /** What the model is told instead of the call's result; absent: the result as it was. */
  result?: { text: string; isError: boolean };
}

type ToolResultPart = { type: 'tool-result'; toolCallId: string; output: unknown };

function isResultOf(part: unknown, toolCallId: string): part is ToolResultPart {
  return typeof part === 'object' && part !== null && (part as ToolResultPart).type === 'tool-result' && (part as ToolResultPart).toolCallId === toolCallId;
}

/** Why a re-run cannot start from a call: its result never went back to the model. */
export const NO_RESUME_POINT = 'That tool call has no result in the conversation (the turn was stopped before the result went back to the model): re-run from an earlier call, or send the prompt again.';

/**
 * The conversation to continue from: every message up to the tool message with the call's
 * result, that result replaced when asked; undefined when no tool message holds the call.
 */
export function conversationAt(history: ConversationMessage[], point: ResumePoint): ConversationMessage[] | undefined {
  const index = history.findIndex((message) => message.role === 'tool' && Array.isArray(message.content) && message.content.some((part) => isResultOf(part, point.toolCallId)));
  if (index < 0) return undefined;
  const kept = history.slice(0, index + 1);
  const { result } = point;
  if (!result) return kept;
  const message = kept[index]!;
  if (message.role !== 'tool') return kept;
  kept[index] = {
    ...message,
    content: message.content.map((part) =>
      isResultOf(part, point.toolCallId) ? { ...part, output: result.isError ? { type: 'error-text' as const, value: result.text } : { type: 'text' as const, value: result.text } } : part,
    ),
  };
  return kept;
}
