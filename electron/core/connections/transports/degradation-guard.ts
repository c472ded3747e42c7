/**
 * Watches a remote transport for terminal network errors (ECONNRESET, ETIMEDOUT, EPIPE,
 * ECONNREFUSED, EHOSTUNREACH, socket hang up, …). Three in a row, with no message
 * received in between, mean the connection is dead even if the transport does not say
 * so: it is closed, which makes the connection manager reconnect.
 */
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/client';
import { terminalErrorCode } from '../connection-errors';
import { ForwardingTransport } from './forwarding-transport';
import { ignoreFailure } from '../../diagnostics/diagnostics';

const MAX_CONSECUTIVE_TERMINAL_ERRORS = 3;

export class DegradationGuard extends ForwardingTransport {
  private codes: string[] = [];
  /** Set when the guard closed the transport. */
  closeReason: string | undefined;

  protected override handleError(error: Error): void {
    const code = terminalErrorCode(error);
    if (code) {
      this.codes.push(code);
      if (this.codes.length >= MAX_CONSECUTIVE_TERMINAL_ERRORS && !this.closeReason) {
        this.closeReason = `The connection failed ${this.codes.length} times in a row (${this.codes.join(', ')}); closed it to reconnect.`;
        void this.inner.close().catch(ignoreFailure('closing a transport given up after repeated errors'));
      }
    }
    super.handleError(error);
  }

  protected override handleMessage(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.codes = [];
    super.handleMessage(message, extra);
  }
}
