/**
 * The AppBridge's transport to one app: postMessage to the sandbox proxy frame, accepting
 * only messages whose source is that frame's window and whose origin is the sandbox's.
 * Every message is logged both ways with its timing; one that is not a JSON-RPC message
 * is dropped and logged (never handed to the bridge), and the sandbox's own reports (CSP
 * refusals) are split off to their own listener.
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { messageText, type BridgeLogEntry, type CspViolation } from './bridge-log';

type BridgeTransport = Parameters<AppBridge['connect']>[0];
type Message = Parameters<BridgeTransport['send']>[0];

/** The key of the sandbox's own reports (electron/core/apps/sandbox-page.ts: SANDBOX_REPORT_KEY). */
const SANDBOX_REPORT_KEY = 'mcpWorkbenchSandbox';

export interface SandboxTransportOptions {
  frame: () => Window | null | undefined;
  sandboxOrigin: string;
  onLog: (entry: Omit<BridgeLogEntry, 'seq'>) => void;
  onCspViolation: (violation: Omit<CspViolation, 'seq'>) => void;
}

export class SandboxTransport implements BridgeTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: BridgeTransport['onmessage'];
  private readonly started = performance.now();
  /** When each request went out, by direction and id, to time its answer. */
  private readonly pending = new Map<string, number>();
  private readonly listener = (event: MessageEvent) => this.receive(event);

  constructor(private readonly options: SandboxTransportOptions) {}

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: Message): Promise<void> {
    const frame = this.options.frame();
    this.log('to-app', message);
    frame?.postMessage(message, this.options.sandboxOrigin);
  }

  async close(): Promise<void> {
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }

  private receive(event: MessageEvent): void {
    const frame = this.options.frame();
    // Only the app's own frame, on the sandbox origin: any other window is not this app.
    if (!frame || event.source !== frame) return;
    if (event.origin !== this.options.sandboxOrigin) {
      this.options.onLog({ at: this.now(), direction: 'from-app', label: 'dropped', dropped: `from origin ${event.origin}`, text: messageText(event.data) });
      return;
    }
    const report = sandboxReport(event.data);
    if (report) {
      this.options.onCspViolation(report);
      return;
    }
    const problem = jsonRpcProblem(event.data);
    if (problem) {
      this.options.onLog({ at: this.now(), direction: 'from-app', label: 'dropped', dropped: problem, text: messageText(event.data) });
      return;
    }
    this.log('from-app', event.data as Message);
    try {
      this.onmessage?.(event.data as Message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  private log(direction: BridgeLogEntry['direction'], message: Message): void {
    const record = message as Record<string, unknown>;
    const id = record.id;
    const at = this.now();
    let label = typeof record.method === 'string' ? record.method : 'error' in record ? 'error' : 'response';
    let tookMs: number | undefined;
    if (typeof record.method === 'string' && (typeof id === 'string' || typeof id === 'number')) this.pending.set(`${direction}:${id}`, at);
    else if (typeof id === 'string' || typeof id === 'number') {
      // An answer travels the other way from its request.
      const key = `${direction === 'to-app' ? 'from-app' : 'to-app'}:${id}`;
      const sent = this.pending.get(key);
      if (sent !== undefined) {
        tookMs = at - sent;
        this.pending.delete(key);
      }
      label = `${label} #${id}`;
    }
    this.options.onLog({ at, direction, label, ...(tookMs !== undefined ? { tookMs } : {}), text: messageText(message) });
  }

  private now(): number {
    return Math.round((performance.now() - this.started) * 10) / 10;
  }
}

/** Why this is not a JSON-RPC 2.0 message, or undefined when it is one. */
function jsonRpcProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON-RPC object';
  const message = data as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return 'jsonrpc is not "2.0"';
  const hasId = 'id' in message;
  if (hasId && typeof message.id !== 'string' && !(typeof message.id === 'number' && Number.isFinite(message.id))) return 'id is neither a string nor a number';
  if ('method' in message) {
    if (typeof message.method !== 'string' || message.method.length === 0 || message.method.length > 256) return 'method is not a short string';
    if ('params' in message && (typeof message.params !== 'object' || message.params === null || Array.isArray(message.params))) return 'params is not an object';
    return undefined;
  }
  if (!hasId) return 'neither a request, a notification nor an answer';
  if ('result' in message === 'error' in message) return 'an answer needs exactly one of result and error';
  if ('result' in message && (typeof message.result !== 'object' || message.result === null)) return 'result is not an object';
  if ('error' in message) {
    const error = message.error as Record<string, unknown> | null;
    if (typeof error !== 'object' || error === null || typeof error.code !== 'number' || typeof error.message !== 'string') return 'error is not {code, message}';
  }
  return undefined;
}

function sandboxReport(data: unknown): Omit<CspViolation, 'seq'> | undefined {
  if (typeof data !== 'object' || data === null || !(SANDBOX_REPORT_KEY in data)) return undefined;
  const report = (data as Record<string, unknown>)[SANDBOX_REPORT_KEY] as Record<string, unknown> | null;
  if (!report || report.type !== 'csp-violation') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : '');
  return {
    frame: report.frame === 'sandbox' ? 'sandbox' : 'app',
    directive: text(report.directive),
    blockedURI: text(report.blockedURI),
    ...(typeof report.sample === 'string' && report.sample ? { sample: text(report.sample) } : {}),
  };
}
