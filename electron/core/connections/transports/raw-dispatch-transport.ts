/**
 * A request channel beside the SDK's Client on the same connection, for task traffic
 * its wire codecs refuse: a tools/call answered with a task (CreateTaskResult in
 * 2025-11-25, `resultType: "task"` in 2026-07-28) and the 2026 extension's tasks/*.
 * Requests sent here get ids of their own; their responses (and progress notifications
 * for their tokens) are taken out of the stream before the Client sees them.
 *
 * In 2026-07-28 every request carries the client's envelope in `_meta` (protocol
 * version, client info, capabilities): the channel copies it from the Client's own
 * latest request and adds the tasks extension to the capabilities.
 */
import { ProtocolError, SdkError, SdkErrorCode, type JSONRPCMessage, type MessageExtraInfo } from '@modelcontextprotocol/client';
import { TASKS_EXTENSION_ID_V2 } from '@modelcontextprotocol/ext-tasks/core/v2';
import { ForwardingTransport } from './forwarding-transport';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const ID_PREFIX = 'workbench-task-';

export interface RawRequestOptions {
  signal?: AbortSignal;
  /** No answer within this long fails the request (default: none). */
  timeoutMs?: number;
  /**
   * Asks for progress (the request's id is its progress token). A task's progress goes on
   * after the tools/call is answered: the listener stays until releaseProgress(token).
   */
  onProgress?: ProgressListener;
}

export type ProgressListener = (progress: { progress: number; total?: number; message?: string }) => void;

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: unknown) => void;
}

export interface RawResponse {
  result: Record<string, unknown>;
  /** Set when progress was asked for: pass it to releaseProgress once the task ends. */
  progressToken?: string;
}

/** Who we are, for the envelope before the Client has sent a request of its own (a remembered era skips server/discover). */
export interface ClientIdentity {
  clientInfo: { name: string; version: string };
  capabilities: Record<string, unknown>;
}

export class RawDispatchTransport extends ForwardingTransport {
  private readonly pending = new Map<string, Pending>();
  private readonly progress = new Map<string, ProgressListener>();
  private next = 0;
  private envelope: Record<string, unknown> | undefined;
  private protocolVersion: string | undefined;

  constructor(
    inner: ConstructorParameters<typeof ForwardingTransport>[0],
    private readonly identity?: ClientIdentity,
  ) {
    super(inner);
  }

  override setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    super.setProtocolVersion(version);
  }

  override send(message: JSONRPCMessage, options?: Parameters<ForwardingTransport['send']>[1]): Promise<void> {
    const meta = 'method' in message ? (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta : undefined;
    if (meta?.[PROTOCOL_VERSION_KEY] !== undefined && !sameEnvelope(this.envelope, meta)) {
      this.envelope = { [PROTOCOL_VERSION_KEY]: meta[PROTOCOL_VERSION_KEY], [CLIENT_INFO_KEY]: meta[CLIENT_INFO_KEY], [CLIENT_CAPABILITIES_KEY]: meta[CLIENT_CAPABILITIES_KEY] };
    }
    return super.send(message, options);
  }

  /**
   * Sends one request and resolves with its result; a JSON-RPC error rejects with a
   * ProtocolError. `modern`: frame it for 2026-07-28 (the envelope, tasks declared).
   */
  async request(method: string, params: Record<string, unknown>, modern: boolean, options: RawRequestOptions = {}): Promise<RawResponse> {
    if (options.signal?.aborted) throw abortError(options.signal);
    const id = `${ID_PREFIX}${++this.next}`;
    const meta: Record<string, unknown> = { ...(params._meta as Record<string, unknown> | undefined) };
    if (options.onProgress) {
      meta.progressToken = id;
      this.progress.set(id, options.onProgress);
    }
    if (modern) Object.assign(meta, this.modernEnvelope());
    const message = { jsonrpc: '2.0', id, method, params: { ...params, ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) } } as JSONRPCMessage;
    const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        this.pending.delete(id);
        if (timer) clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        reject(abortError(options.signal));
      };
      this.pending.set(id, {
        resolve: (value) => (done(), resolve(value)),
        reject: (error) => (done(), this.progress.delete(id), reject(error)),
      });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.timeoutMs) {
        // Our own limit, not the server's answer: an SdkError, as the SDK's own timeouts are (a ProtocolError is what the server said).
        timer = setTimeout(() => this.pending.get(id)?.reject(new SdkError(SdkErrorCode.RequestTimeout, `${method} got no answer within ${options.timeoutMs} ms`, { timeout: options.timeoutMs })), options.timeoutMs);
        timer.unref();
      }
      this.inner.send(message).catch((error: unknown) => this.pending.get(id)?.reject(error));
    });
    return { result, ...(options.onProgress ? { progressToken: id } : {}) };
  }

  releaseProgress(token: string): void {
    this.progress.delete(token);
  }

  /** How many progress listeners are still attached (each task that asked for progress and has not ended). */
  get progressListeners(): number {
    return this.progress.size;
  }

  private modernEnvelope(): Record<string, unknown> {
    const envelope = this.envelope ?? {
      [PROTOCOL_VERSION_KEY]: this.protocolVersion,
      [CLIENT_INFO_KEY]: this.identity?.clientInfo,
      [CLIENT_CAPABILITIES_KEY]: this.identity?.capabilities ?? {},
    };
    const capabilities = (envelope[CLIENT_CAPABILITIES_KEY] as Record<string, unknown> | undefined) ?? {};
    const extensions = (capabilities.extensions as Record<string, unknown> | undefined) ?? {};
    return { ...envelope, [CLIENT_CAPABILITIES_KEY]: { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION_ID_V2]: {} } } };
  }

  protected override handleMessage(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if ('id' in message && !('method' in message) && typeof message.id === 'string' && message.id.startsWith(ID_PREFIX)) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      if ('error' in message) pending.reject(new ProtocolError(message.error.code, message.error.message, message.error.data));
      else pending.resolve(message.result as Record<string, unknown>);
      return;
    }
    if ('method' in message && message.method === 'notifications/progress') {
      const params = message.params as { progressToken?: unknown; progress: number; total?: number; message?: string };
      if (typeof params.progressToken === 'string' && params.progressToken.startsWith(ID_PREFIX)) {
        this.progress.get(params.progressToken)?.({ progress: params.progress, ...(params.total !== undefined ? { total: params.total } : {}), ...(params.message ? { message: params.message } : {}) });
        return;
      }
    }
    super.handleMessage(message, extra);
  }

  protected override handleClose(): void {
    for (const pending of [...this.pending.values()]) pending.reject(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
    this.progress.clear();
    super.handleClose();
  }
}

/** Whether the request's envelope is the one copied last (the Client sends the same values with every request: no copy per request). */
function sameEnvelope(envelope: Record<string, unknown> | undefined, meta: Record<string, unknown>): boolean {
  return envelope !== undefined && envelope[PROTOCOL_VERSION_KEY] === meta[PROTOCOL_VERSION_KEY] && envelope[CLIENT_INFO_KEY] === meta[CLIENT_INFO_KEY] && envelope[CLIENT_CAPABILITIES_KEY] === meta[CLIENT_CAPABILITIES_KEY];
}

function abortError(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('The request was cancelled.');
}
