/**
 * A replay sends a recording's tool calls to a live server as they were written: they pass
 * the same checks as any other call first (permissions/call-refusal.ts). One refused call
 * stops the whole replay before the server starts: a replay with a hole in it would
 * compare the answers after it against a different conversation.
 */
import type { ServerConfig } from '../../../shared/config/server-config';
import { AppError } from '../../../shared/envelope';
import { callRefusal, type DecidePermission } from '../permissions/call-refusal';
import { exchangesOf } from './exchanges';
import type { Recording } from './read-recording';

interface RecordedToolCall {
  tool: string;
  lineNumber: number;
}

/** Every tools/call the recording's client sent, in order. */
function recordedToolCalls(recording: Recording): RecordedToolCall[] {
  return exchangesOf(recording).steps.flatMap((step) => {
    if (step.kind !== 'request' || step.method !== 'tools/call') return [];
    const name = (step.request.params as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' ? [{ tool: name, lineNumber: step.lineNumber }] : [];
  });
}

/** The first recorded call that may not be made on this server now, as the error to report; undefined when all may. */
export function replayRefusal(recording: Recording, server: string, config: ServerConfig | undefined, decide: DecidePermission): AppError | undefined {
  for (const call of recordedToolCalls(recording)) {
    const refusal = callRefusal(server, call.tool, config, decide);
    if (refusal) return new AppError('conflict', `Not replayed: ${refusal.message} (the recording calls it on line ${call.lineNumber}; nothing was sent).`);
  }
  return undefined;
}
