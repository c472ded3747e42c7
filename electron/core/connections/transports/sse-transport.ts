/**
 * The deprecated HTTP+SSE transport (types sse and sse-ide) on the SDK's transport.
 * Its session lives on the event stream: when the stream drops, the SDK reports an
 * error but never onclose, and the EventSource reconnects into a new, uninitialized
 * session. So the first stream error after start closes the transport, and the
 * connection manager reconnects properly.
 */
import { SSEClientTransport, SseError, type FetchLike, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { ForwardingTransport } from './forwarding-transport';
import { ignoreFailure } from '../../diagnostics/diagnostics';

export interface SseTransportOptions {
  url: URL;
  headers?: Record<string, string>;
  fetch: FetchLike;
  /** OAuth: the SDK sends the provider's token and handles a 401 with it. */
  authProvider?: OAuthClientProvider;
}

export class SseTransport extends ForwardingTransport {
  private started = false;
  closeReason: string | undefined;

  constructor(options: SseTransportOptions) {
    super(
      new SSEClientTransport(options.url, {
        ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
        fetch: options.fetch,
        ...(options.authProvider ? { authProvider: options.authProvider } : {}),
      }),
    );
  }

  override async start(): Promise<void> {
    await super.start();
    this.started = true;
  }

  protected override handleError(error: Error): void {
    super.handleError(error);
    if (this.started && error instanceof SseError && !this.closeReason) {
      this.closeReason = `The server's event stream ended${error.message ? ` (${error.message})` : ''}.`;
      void this.close().catch(ignoreFailure('closing an event stream that already ended'));
    }
  }
}
