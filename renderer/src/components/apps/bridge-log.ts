/** One line of an app's bridge log: a message that crossed between the workbench and the app. */
export interface BridgeLogEntry {
  seq: number;
  /** ms since the app was started. */
  at: number;
  direction: 'to-app' | 'from-app';
  /** The JSON-RPC method, `response`/`error` for answers, or why it was dropped. */
  label: string;
  /** For a response: how long after its request (ms). */
  tookMs?: number;
  /** Dropped: malformed, not JSON-RPC, or from the wrong frame. */
  dropped?: string;
  text: string;
}

/** What the sandbox reported its CSP refused. */
export interface CspViolation {
  seq: number;
  frame: 'app' | 'sandbox';
  directive: string;
  blockedURI: string;
  sample?: string;
}

/** Keeps the log bounded: a chatty app cannot grow it without end. */
export const BRIDGE_LOG_LIMIT = 500;

/** The longest text shown for one message. */
const BRIDGE_LOG_TEXT_LIMIT = 4000;

export function messageText(data: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(data) ?? String(data);
  } catch {
    text = String(data);
  }
  return text.length > BRIDGE_LOG_TEXT_LIMIT ? `${text.slice(0, BRIDGE_LOG_TEXT_LIMIT)}… (${text.length} characters)` : text;
}
