/**
 * The SDK's two error families, told apart: a ProtocolError is the server's own answer
 * (a JSON-RPC error response); an SdkError happened on our side (a timeout, a closed
 * connection, a result that failed validation).
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

export { ProtocolError };

/** The request timed out, or was aborted (the SDK reports both alike). */
export function isRequestTimeout(error: unknown): error is SdkError {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** The connection closed while the request was waiting. */
export function isConnectionClosed(error: unknown): error is SdkError {
  return error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed;
}

/** The server answered the request with a JSON-RPC error. */
export function isProtocolError(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError;
}
