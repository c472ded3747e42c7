/**
 * Turns any error of a CLI run into what the user reads: the message (core messages
 * already start with the server's name), what to do about it, the last lines a failed
 * server printed, and the exit code. With --json the same goes to stdout as the run's
 * one document, `{"error": {…}}`.
 */
import { AppError, type FailureKind } from '../../shared/envelope';
import { isStdioConfig, type ServerName } from '../../shared/config/server-config';
import { eraMismatchOf } from '../core/connections/era/era-errors';
import type { ServerView } from '../../shared/domain';
import { exitCodeOf } from './exit-code-of';
import { CliError, type ExitCode } from './exit-codes';
import type { Output } from './output';
import type { Session } from './session';
import { messageOf } from '../../shared/errors';

export interface FailureContext {
  session?: Session;
  /** The server the command was about. */
  server?: ServerName;
  /** The call's time limit, when the command made a call. */
  timeoutMs?: number;
  /** What the command asked the server for: its list is where to look when the server refuses. */
  catalog?: Catalog;
}

export type Catalog = 'tools' | 'resources' | 'prompts' | 'skills';

export interface Failure {
  message: string;
  exitCode: ExitCode;
  hint?: string;
  kind?: string;
  server?: ServerName;
  /** The last lines the server wrote to stderr, when it failed. */
  stderr?: string[];
}

export async function describeFailure(error: unknown, ctx: FailureContext): Promise<Failure> {
  const exitCode = exitCodeOf(error);
  const message = messageOf(error);
  const base: Failure = { message, exitCode, ...(ctx.server ? { server: ctx.server } : {}) };
  if (error instanceof CliError) return { ...base, ...(error.hint ? { hint: error.hint } : {}) };
  if (!(error instanceof AppError) || !ctx.session || !ctx.server) return base;

  const { session, server } = ctx;
  const view = await session.view(server).catch(() => undefined); // no view: the failure is told without it.
  if (error.code === 'not-found' && !view) return { ...base, message: `No server named "${server}".`, hint: await whereServersAre(session) };

  const failure: Failure = { ...base, ...(error.kind ? { kind: error.kind } : {}) };
  // The server's own JSON-RPC error (its upstream failed, it rejected the arguments, …) is its message, said as such.
  if (error.kind === 'server-error' && message.startsWith(`${server}: `)) failure.message = `${server} answered with an error: ${message.slice(server.length + 2)}`;
  if (view?.stderrTail?.length && view.status !== 'connected') failure.stderr = view.stderrTail;
  const hint = error.kind ? hintFor(error.kind, server, view, session, { ...(ctx.timeoutMs ? { timeoutMs: ctx.timeoutMs } : {}), ...(ctx.catalog ? { catalog: ctx.catalog } : {}), ...(error.rpcCode !== undefined ? { rpcCode: error.rpcCode } : {}), message }) : undefined;
  if (hint) failure.hint = hint;
  return failure;
}

/** What is known about the failure beyond its kind. */
interface HintContext {
  timeoutMs?: number;
  catalog?: Catalog;
  /** The JSON-RPC error code of a server-error. */
  rpcCode?: number;
  /** The error's message. */
  message?: string;
}

/** JSON-RPC codes that mean the request named something the server does not have (a method, a resource: -32002), or had the wrong arguments. */
const WRONG_REQUEST = new Set([-32601, -32602, -32002]);

/** What the user can do about a failure of this kind. */
export function hintFor(kind: FailureKind, server: ServerName, view: ServerView | undefined, session: Session, { timeoutMs, catalog = 'tools', rpcCode, message = '' }: HintContext = {}): string | undefined {
  const config = view?.config;
  switch (kind) {
    case 'timeout':
      // A call that timed out leaves the connection up; a connect that timed out does not.
      if (view?.status === 'connected') {
        return `Give the call more time with --timeout <ms>${timeoutMs ? ` (it had ${timeoutMs} ms)` : ''}.`;
      }
      return `The server did not finish starting in time. Allow it longer with MCP_TIMEOUT=<ms> (or "connectTimeoutMs" in its entry), or check that it starts on its own.`;
    case 'needs-auth':
      // An ad-hoc server's credentials are kept under its name: the same --url and --name find them again.
      return `Sign in with: mcp-workbench auth login ${session.adhoc ? `--url ${'url' in (config ?? {}) ? (config as { url: string }).url : '<url>'} --name ${server}` : server}`;
    case 'disabled':
      return `Enable it in MCP Workbench, or remove "enabled": false from its entry.`;
    case 'server-error':
      // Any other error is the server's own trouble (its upstream, its state): its message says it all.
      if (rpcCode === undefined || !WRONG_REQUEST.has(rpcCode)) return undefined;
      return `mcp-workbench ${catalog} list ${session.adhoc ? '<same server options>' : server} shows what it offers${catalog === 'resources' || catalog === 'skills' ? '' : ` and the arguments each ${catalog === 'tools' ? 'tool' : 'prompt'} takes`}.`;
    case 'connection': {
      const hints: string[] = [];
      // Reached and answered, in another protocol era than the one asked for: nothing to check about reachability.
      const era = eraMismatchOf(view?.error ?? message);
      if (era) {
        return era === 'legacy-only'
          ? `The server was reached: it speaks only the 2025-era protocol. Use --protocol auto (what an entry without "protocol" gets) to connect in the era it speaks.`
          : `The server was reached, but not in the protocol version asked for. Run with --protocol auto to use the version it speaks.`;
      }
      // Only a process that started (and then failed) has anything to show when run by hand.
      if (config && isStdioConfig(config) && (view?.exit || view?.stderrTail?.length)) {
        hints.push(`Check the command: run ${[config.command, ...(config.args ?? [])].join(' ')} yourself to see what it prints.`);
      } else if (config && 'url' in config) {
        hints.push(`Check that the server is running and reachable at ${config.url}.`);
      }
      const unreadable = config && JSON.stringify(config).includes('${secret:') ? session.unreadableSecrets() : undefined;
      if (unreadable) {
        hints.push(`${unreadable}\nOr put them in environment variables and refer to them as \${NAME}.`);
      }
      return hints.join('\n') || undefined;
    }
    default:
      return undefined;
  }
}

/** Where the servers of this run come from, for a name that is not there. */
async function whereServersAre(session: Session): Promise<string> {
  const names = (await session.api.listServers().catch(() => [])).map((server) => server.name);
  const known = names.length ? `Servers here: ${names.join(', ')}.` : 'No servers are configured here.';
  if (session.source === 'config') return `${known} They come from the --config file.`;
  return `${known} Project servers need --project <dir>; a file of servers needs --config <file>; mcp-workbench servers list shows them all.`;
}

/** Writes the failure where it belongs and answers with the exit code. */
export function reportFailure(failure: Failure, output: Output): ExitCode {
  const lines = [`Error: ${failure.message}`];
  if (failure.stderr?.length) lines.push(`Last lines on the server's stderr:`, ...failure.stderr.map((line) => `  ${line}`));
  if (failure.hint) lines.push(...failure.hint.split('\n'));
  output.note(lines.join('\n'));
  if (output.json && !output.hasDocument) {
    const { exitCode, ...rest } = failure;
    output.document({ error: { ...rest, exitCode } });
  }
  return failure.exitCode;
}
