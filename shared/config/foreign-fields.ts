/**
 * Fields other clients write into a server entry that are not ours. They are kept as
 * written (so a file round-trips), and the user is told which of them the app acts on
 * and which it keeps without using.
 */
import { transportOf, type ServerConfig } from './server-config';

/** Fields honoured only on some transports (a headersHelper adds HTTP headers, which stdio has none of). */
const HONOURED_ON: Readonly<Record<string, readonly string[]>> = { headersHelper: ['http', 'sse', 'ws'], env_vars: ['stdio'], env_http_headers: ['http', 'sse', 'ws'] };

/** Our own fields and the transports' fields. */
const OWN_FIELDS = new Set([
  'type',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'ideName',
  'authToken',
  'enabled',
  'connectTimeoutMs',
  'callTimeoutMs',
  'oauth',
  'roots',
  'notes',
  'typeInferred',
]);

/** Other clients' fields the app acts on, and what it does with them. */
export const HONOURED_FOREIGN_FIELDS: Readonly<Record<string, string>> = {
  disabled: 'true switches the server off, as "enabled": false does',
  envFile: 'a dotenv file whose variables are added to the environment (env wins)',
  disabledTools: 'these tools are hidden and refused',
  headersHelper: 'a command run before each connect, once you allow it; its JSON output adds headers',
  env_vars: "Codex's list of environment variables passed to the server as they are (env wins)",
  env_http_headers: "Codex's headers filled from environment variables, when they are set (headers win)",
};

export interface ForeignFields {
  /** Fields of other clients the app acts on. */
  honoured: string[];
  /** Fields kept in the file but not used by the app. */
  ignored: string[];
}

export function foreignFieldsOf(config: ServerConfig): ForeignFields {
  const honoured: string[] = [];
  const ignored: string[] = [];
  for (const key of Object.keys(config)) {
    if (OWN_FIELDS.has(key)) continue;
    const only = HONOURED_ON[key];
    if (Object.hasOwn(HONOURED_FOREIGN_FIELDS, key) && (!only || only.includes(transportOf(config)))) honoured.push(key);
    else ignored.push(key);
  }
  return { honoured, ignored };
}
