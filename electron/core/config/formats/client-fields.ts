/**
 * The fields each client reads in a server entry, by transport, from the clients'
 * documentation (the JSON Schemas in ./schemas say the same, and tests hold every export
 * to them). An export writes only these; anything else is listed to the user.
 */
import type { ExportFormat } from '../../../../shared/api/transfer';
import type { TransportType } from '../../../../shared/config/server-config';

export type ClientFormat = Exclude<ExportFormat, 'mcp-servers'>;

export const CLIENT_FIELDS: Record<ClientFormat, Partial<Record<TransportType, readonly string[]>>> = {
  'claude-code': {
    stdio: ['type', 'command', 'args', 'env'],
    http: ['type', 'url', 'headers', 'headersHelper', 'oauth'],
    sse: ['type', 'url', 'headers', 'headersHelper', 'oauth'],
    ws: ['type', 'url', 'headers', 'headersHelper'],
  },
  'claude-desktop': { stdio: ['command', 'args', 'env'] },
  cursor: { stdio: ['type', 'command', 'args', 'env', 'envFile'], http: ['type', 'url', 'headers', 'auth'], sse: ['type', 'url', 'headers', 'auth'] },
  vscode: { stdio: ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'dev'], http: ['type', 'url', 'headers', 'dev'], sse: ['type', 'url', 'headers', 'dev'] },
};

/** The OAuth settings each client can be given in its file. */
export const CLIENT_OAUTH_FIELDS: Record<ClientFormat, readonly string[]> = {
  'claude-code': ['clientId', 'callbackPort'],
  'claude-desktop': [],
  cursor: ['clientId', 'scopes'],
  vscode: [],
};
