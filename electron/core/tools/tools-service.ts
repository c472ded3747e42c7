/**
 * Tools of every server: the list (every page, cached per server until the connection
 * closes or the server says it changed, and no longer than the `ttlMs` a 2026-07-28
 * server gives it; `refresh` asks the server anyway) and tools/call (progress, the
 * per-call timeout reset on progress, cancel), on the connections the ConnectionManager
 * keeps.
 *
 * Calls go through the SDK's callTool with the listed definition (`toolDefinition`), so on
 * MCP 2026-07-28 over Streamable HTTP the SDK mirrors the arguments a tool marks with
 * `x-mcp-header` into `Mcp-Param-*` headers (SEP-2243). A server that answers -32020 (its
 * headers do not match: the list we hold is out of date) gets one more try after listing
 * afresh.
 */
import { ProtocolError, type Client, type RequestOptions, type Tool } from '@modelcontextprotocol/client';
import { isStdioConfig, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import { mcpToolName, type ContentBlock, type ToolCallResult, type ToolInfo } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import { connectionKey, type ConnectionManager } from '../connections/connection-manager';
import { listPage } from '../connections/list-page';
import { captureResponses, resultOfResponse, type CapturedResponses } from '../connections/transports/wire-capture';
import { expiryOf, type GuardedCache } from '../connections/server-caches';
import type { EventBus } from '../events/event-bus';
import { everyPage } from '../util/paging';
import { toolUiEntry } from '../apps/tool-ui';
import { headerProblemOf } from './header-scan';

export interface CallOptions {
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Cancels the call (the server is sent notifications/cancelled). */
  signal?: AbortSignal;
  /**
   * MCP 2026-07-28, input requests answered by hand: an `input_required` answer is
   * handed here instead of to the SDK's own rounds, and the call is sent again with the
   * inputResponses it returns (verbatim) and the server's requestState. Throw to end the call.
   */
  onInputRequired?: (asked: InputRequiredAnswer, round: number) => Promise<Record<string, unknown>>;
}

/** What an `input_required` result carries. */
export interface InputRequiredAnswer {
  inputRequests: Record<string, unknown>;
  requestState?: string;
}

interface CachedTools {
  /** The connection the list came from. */
  key: string;
  tools: ToolInfo[];
  expiresAt: number | undefined;
}

export class ToolsService {
  private readonly lists: GuardedCache<CachedTools>;

  constructor(
    private readonly connections: ConnectionManager,
    events: EventBus,
  ) {
    this.lists = connections.caches.createList<CachedTools>();
    events.on('tools-changed', (event) => this.lists.drop(event.server));
  }

  /** The list last seen on this connection, however old (what `list` with `staleOk` answers without asking), or undefined. */
  lastSeen(name: ServerName, config: ServerConfig): ToolInfo[] | undefined {
    const cached = this.lists.get(name);
    return cached?.key === connectionKey(name, config) ? cached.tools : undefined;
  }

  /**
   * The server's tools: from the cache while fresh, else asked again. `staleOk` takes the
   * list last seen on this connection however old (a call looking up its tool's definition:
   * a 2026-07-28 server built on the SDK says `ttlMs: 0`, and asking again before every
   * call would double what each call costs; a changed list still arrives through
   * list_changed and the next time anyone lists).
   */
  async list(name: ServerName, config: ServerConfig, { refresh = false, staleOk = false, signal }: { refresh?: boolean; staleOk?: boolean; signal?: AbortSignal | undefined } = {}): Promise<ToolInfo[]> {
    const key = connectionKey(name, config);
    const cached = this.lists.get(name);
    if (!refresh && cached?.key === key && (staleOk || cached.expiresAt === undefined || cached.expiresAt > Date.now())) return cached.tools;
    const ticket = this.lists.begin(name);
    return this.connections.request(name, config, async (client) => {
      const pages: object[] = [];
      const tools: ToolInfo[] = [];
      const listed: ListedTool[] = [];
      await everyPage(
        (cursor) => listPage(client, 'tools/list', cursor, signal ? { signal } : undefined),
        (page) => {
          pages.push(page);
          listed.push(...page.tools);
        },
      );
      const checkHeaders = mirrorsHeaders(client, config);
      for (const tool of listed) {
        const problem = checkHeaders ? await headerProblemOf(client, tool as Tool) : undefined;
        tools.push({ ...toolInfoOf(name, tool), ...(problem ? { excludedReason: problem } : {}) });
      }
      this.lists.set(name, ticket, { key, tools, expiresAt: expiryOf(pages) });
      return tools;
    }, signal ? { signal } : {});
  }

  async call(name: ServerName, config: ServerConfig, tool: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
    const settings = this.connections.settings();
    const maxTotal = options.maxTotalTimeoutMs ?? settings.maxTotalCallTimeoutMs;
    const timeoutMs = Math.min(options.timeoutMs ?? config.callTimeoutMs ?? settings.callTimeoutMs, maxTotal);
    const reset = options.resetTimeoutOnProgress ?? settings.resetTimeoutOnProgress;
    // A progress token is only sent when onprogress is given, and without one the server
    // sends no progress to reset the timeout with.
    const onprogress = options.onProgress ?? (reset ? () => undefined : undefined);
    const known = this.lists.get(name);
    const excluded = known?.key === connectionKey(name, config) ? known.tools.find((info) => info.name === tool)?.excludedReason : undefined;
    if (excluded) throw excludedTool(name, tool, excluded);

    return this.connections.request(
      name,
      config,
      async (client, signal) => {
        const requestOptions: RequestOptions = {
          timeout: timeoutMs,
          ...(reset ? { resetTimeoutOnProgress: true, maxTotalTimeout: maxTotal } : {}),
          ...(onprogress ? { onprogress } : {}),
          ...(signal ? { signal } : {}),
        };
        // Known (the usual call), the definition needs no wait.
        const seen = this.lastSeen(name, config);
        const definition = seen ? seen.find((info) => info.name === tool) : await this.definitionFor(name, config, tool, client);
        // Listed only now (nothing was cached): still never sent without its headers.
        if (definition?.excludedReason) throw new Error(excludedMessage(tool, definition.excludedReason));
        const started = performance.now();
        let result: CallResult;
        // The answer's text as it came, for the raw view (what the SDK parsed is not what was sent).
        let captured: CapturedResponses;
        try {
          ({ value: result, captured } = await captureResponses(args, (sent) =>
            options.onInputRequired
              ? callAnsweredByHand(client, tool, sent, requestOptions, options.onInputRequired)
              : sendCall(client, tool, sent, requestOptions, definition, mirrorsHeaders(client, config)),
          ));
        } catch (error) {
          if (!(error instanceof ProtocolError) || error.code !== HEADER_MISMATCH || !mirrorsHeaders(client, config) || signal?.aborted) throw error;
          await this.list(name, config, { refresh: true });
          const definitionNow = await this.definitionFor(name, config, tool, client);
          ({ value: result, captured } = await captureResponses(args, (sent) => sendCall(client, tool, sent, requestOptions, definitionNow, true)));
        }
        const durationMs = performance.now() - started;
        const sent = resultOfResponse(captured.texts.at(-1));
        // Servers on the 2024-10-07 protocol answer with `toolResult` instead of content.
        const toolResult = (result as { toolResult?: unknown }).toolResult;
        const content: ContentBlock[] =
          result.content.length === 0 && toolResult !== undefined
            ? [{ type: 'text', text: JSON.stringify(toolResult, null, 2) }]
            : (result.content as ContentBlock[]);
        return {
          content,
          ...(result.structuredContent !== undefined && result.structuredContent !== null
            ? { structuredContent: result.structuredContent as Record<string, unknown> }
            : {}),
          isError: result.isError === true,
          durationMs,
          ...(sent ? { sent } : {}),
        };
      },
      { timeoutMs, maxTotalTimeoutMs: maxTotal, ...(options.signal ? { signal: options.signal } : {}) },
    );
  }

  /**
   * The definition the SDK mirrors headers from: the listed tool (listed first when a
   * 2026-07-28 HTTP connection has no list yet), or undefined (no headers to mirror).
   */
  private async definitionFor(name: ServerName, config: ServerConfig, tool: string, client: Client): Promise<ToolInfo | undefined> {
    const cached = this.lists.get(name);
    if (cached?.key === connectionKey(name, config)) return cached.tools.find((info) => info.name === tool);
    if (!mirrorsHeaders(client, config)) return undefined;
    return (await this.list(name, config)).find((info) => info.name === tool);
  }
}

function excludedMessage(tool: string, reason: string): string {
  return `${tool} cannot be called: its x-mcp-header annotations break the MCP 2026-07-28 rules for HTTP headers (${reason}). Clients leave such a tool out; the server must fix its input schema.`;
}

/** The refusal to call a tool the list marked excluded. */
export function excludedTool(server: ServerName, tool: string, reason: string): AppError {
  return new AppError('conflict', `${server}: ${excludedMessage(tool, reason)}`);
}

/** JSON-RPC error of MCP 2026-07-28: the request's HTTP headers do not match its body. */
const HEADER_MISMATCH = -32020;

type CallResult = Awaited<ReturnType<Client['callTool']>>;

/** Whether the SDK sends SEP-2243 headers on this connection: MCP 2026-07-28, not over stdio (as the SDK decides). */
function mirrorsHeaders(client: Client, config: ServerConfig): boolean {
  return client.getProtocolEra() === 'modern' && !isStdioConfig(config);
}

/**
 * The SDK's callTool with the listed definition minus its outputSchema: the SDK would throw
 * away a result whose structuredContent does not match it, and the workbench shows the
 * mismatch instead (results/process-result.ts checks it). Where no headers are mirrored
 * (`mirrors` false: stdio, the 2025 era) the SDK is given an input schema with nothing in
 * it: it would scan the tool's schema for `x-mcp-header` on every call of the 2026 era,
 * for headers a stdio message never carries.
 */
function sendCall(client: Client, tool: string, args: Record<string, unknown>, options: RequestOptions, definition: ToolInfo | undefined, mirrors: boolean): Promise<CallResult> {
  const params = { name: tool, arguments: args };
  if (!definition) return client.callTool(params, options);
  const toolDefinition = { name: definition.name, inputSchema: mirrors ? definition.inputSchema : NO_HEADERS_SCHEMA } as Tool;
  return client.callTool(params, { ...options, toolDefinition });
}

/** An input schema that declares no `x-mcp-header`: what a call that mirrors no headers gives the SDK to scan. */
const NO_HEADERS_SCHEMA = { type: 'object' } as const;

/**
 * The rounds of one call with the answers written by hand: a plain request with
 * `allowInputRequired`, so the SDK hands back each input_required result instead of
 * answering it, sent again with the inputResponses verbatim and the server's requestState.
 */
async function callAnsweredByHand(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: RequestOptions,
  answer: NonNullable<CallOptions['onInputRequired']>,
): Promise<CallResult> {
  const requestOptions = { ...options, allowInputRequired: true };
  let params: Record<string, unknown> = { name: tool, arguments: args };
  let result = await client.request({ method: 'tools/call', params: params as { name: string } }, requestOptions);
  for (let round = 1; isInputRequired(result); round++) {
    const asked: InputRequiredAnswer = { inputRequests: result.inputRequests ?? {}, ...(result.requestState !== undefined ? { requestState: result.requestState } : {}) };
    const inputResponses = await answer(asked, round);
    params = { name: tool, arguments: args, inputResponses, ...(asked.requestState !== undefined ? { requestState: asked.requestState } : {}) };
    result = await client.request({ method: 'tools/call', params: params as { name: string } }, requestOptions);
  }
  return result as CallResult;
}

function isInputRequired(result: unknown): result is { resultType: 'input_required'; inputRequests?: Record<string, unknown>; requestState?: string } {
  return (result as { resultType?: unknown }).resultType === 'input_required';
}

type ListedTool = Awaited<ReturnType<typeof listPage<'tools/list'>>>['tools'][number];

function toolInfoOf(server: ServerName, tool: ListedTool): ToolInfo {
  return {
    server,
    name: tool.name,
    fullName: mcpToolName(server, tool.name),
    ...(tool.title ? { title: tool.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    ...(tool.icons ? { icons: tool.icons } : {}),
    ...(tool.execution ? { execution: tool.execution } : {}),
    ...toolUiEntry(tool._meta),
  };
}
