/**
 * Claude Code's `headersHelper`: a shell command, run before each connect, whose stdout is
 * a JSON object of HTTP headers (for tokens that expire, or come from a tool such as a
 * cloud CLI). As in Claude Code it gets `CLAUDE_CODE_MCP_SERVER_NAME` and
 * `CLAUDE_CODE_MCP_SERVER_URL` in its environment, has 10 seconds, and its headers win
 * over the entry's static `headers`.
 *
 * The command runs in a shell in its own process group, ended as a whole tree when the
 * time is up. Its output is checked before anything is sent: an object whose keys are
 * header names and whose values are strings without line breaks. Messages never quote
 * the output (it holds credentials).
 */
import { spawn } from 'node:child_process';
import { terminateTree } from '../lifecycle/process-tree';
import { logFailure } from '../diagnostics/diagnostics';

const HEADERS_HELPER_TIMEOUT_MS = 10_000;
/** More than any set of headers needs; a runaway helper is stopped here. */
const MAX_OUTPUT_BYTES = 64 * 1024;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface HeadersHelperRun {
  command: string;
  server: string;
  url: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  timeoutMs?: number;
}

export class HeadersHelperError extends Error {
  constructor(server: string, problem: string) {
    super(`Server "${server}": its headersHelper ${problem}`);
    this.name = 'HeadersHelperError';
  }
}

export async function runHeadersHelper(run: HeadersHelperRun): Promise<Record<string, string>> {
  const timeoutMs = run.timeoutMs ?? HEADERS_HELPER_TIMEOUT_MS;
  const child = spawn(run.command, {
    shell: true,
    cwd: run.cwd,
    env: { ...run.env, CLAUDE_CODE_MCP_SERVER_NAME: run.server, CLAUDE_CODE_MCP_SERVER_URL: run.url },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  const stdout: Buffer[] = [];
  let size = 0;
  let stderr = '';
  let failure: string | undefined;
  const stop = (why: string) => {
    failure ??= why;
    if (child.pid !== undefined) void terminateTree(child.pid).catch(logFailure(`Stopping the headersHelper of ${run.server} failed; it may still be running`));
  };
  child.stdout.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_OUTPUT_BYTES) stop(`printed more than ${MAX_OUTPUT_BYTES / 1024} KB; it should print one JSON object of headers.`);
    else stdout.push(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const timer = setTimeout(() => stop(`did not finish within ${timeoutMs / 1000} s.`), timeoutMs);
  const exit = await new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  clearTimeout(timer);
  if (failure) throw new HeadersHelperError(run.server, failure);
  if (exit.error) throw new HeadersHelperError(run.server, `could not be started: ${exit.error.message}`);
  if (exit.code !== 0) {
    const last = stderr.trim().split('\n').pop()?.slice(0, 300);
    throw new HeadersHelperError(run.server, `exited with code ${exit.code}${last ? `: ${last}` : '.'}`);
  }
  return parseHelperOutput(run.server, Buffer.concat(stdout).toString('utf8'));
}

/** The headers in a helper's output, or an error saying what is wrong with it (never quoting a value). */
function parseHelperOutput(server: string, text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HeadersHelperError(server, 'did not print JSON; it should print one JSON object of headers, e.g. {"Authorization": "Bearer …"}.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new HeadersHelperError(server, 'printed JSON that is not an object; it should print one JSON object of headers.');
  }
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value as Record<string, unknown>)) {
    if (!HEADER_NAME.test(name)) throw new HeadersHelperError(server, `printed "${name.slice(0, 60)}", which is not a valid header name.`);
    if (typeof header !== 'string') throw new HeadersHelperError(server, `printed a ${Array.isArray(header) ? 'list' : typeof header} for "${name}"; header values must be strings.`);
    if (/[\r\n\0]/.test(header)) throw new HeadersHelperError(server, `printed a value for "${name}" with a line break; header values must be one line.`);
    headers[name] = header;
  }
  return headers;
}

/** Static headers, then the helper's: the helper wins, whatever the case of the name. */
export function mergeHeaders(fixed: Record<string, string> | undefined, dynamic: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const lower = new Set(Object.keys(dynamic).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(fixed ?? {})) if (!lower.has(name.toLowerCase())) out[name] = value;
  return { ...out, ...dynamic };
}
