/**
 * Groups the protocol log's entries into conversations: the rounds of one
 * multi-round-trip call (MCP 2026-07-28) share a conversation id, and are shown as one
 * collapsible item at the place of their first entry. A call answered in one round
 * stays a plain entry, as do all messages outside a conversation.
 */
import type { ProtocolLogEntry } from '../../../shared/protocol-log';

export type ProtocolLogItem =
  | { type: 'entry'; entry: ProtocolLogEntry }
  | { type: 'conversation'; id: string; label: string; rounds: number; entries: ProtocolLogEntry[] };

export function groupConversations(entries: readonly ProtocolLogEntry[]): ProtocolLogItem[] {
  const rounds = new Map<string, number>();
  for (const entry of entries) {
    if (entry.conversation !== undefined) rounds.set(entry.conversation, Math.max(rounds.get(entry.conversation) ?? 0, entry.round ?? 1));
  }
  const items: ProtocolLogItem[] = [];
  const open = new Map<string, Extract<ProtocolLogItem, { type: 'conversation' }>>();
  for (const entry of entries) {
    const id = entry.conversation;
    const count = id !== undefined ? (rounds.get(id) ?? 1) : 1;
    if (id === undefined || count < 2) {
      items.push({ type: 'entry', entry });
      continue;
    }
    const group = open.get(id);
    if (group) {
      group.entries.push(entry);
      continue;
    }
    const created = { type: 'conversation' as const, id, label: conversationLabel(entry), rounds: count, entries: [entry] };
    open.set(id, created);
    items.push(created);
  }
  return items;
}

/** "tools/call echo": the method and the tool, prompt or resource the call is about. */
function conversationLabel(first: ProtocolLogEntry): string {
  const method = first.method ?? 'request';
  const target = targetOf(first.text);
  return target ? `${method} ${target}` : method;
}

function targetOf(text: string): string | undefined {
  try {
    const params = (JSON.parse(text) as { params?: { name?: unknown; uri?: unknown } }).params;
    const target = params?.name ?? params?.uri;
    return typeof target === 'string' ? target : undefined;
  } catch {
    // A cut (truncated) message is not JSON: the method alone names it.
    return undefined;
  }
}
