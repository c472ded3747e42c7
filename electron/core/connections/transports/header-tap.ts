/**
 * The `Mcp-*` request headers each Streamable HTTP POST really went out with, for the
 * protocol log. The SDK's transport sets them (`Mcp-Method`, `Mcp-Name`,
 * `MCP-Protocol-Version`, `Mcp-Session-Id`, and the `Mcp-Param-*` headers the Client
 * mirrors from a tool's arguments) just before it calls fetch, so the tap sits on that
 * fetch and hands them to whoever waits for the same body (the logging transport).
 */
import type { FetchLike } from '@modelcontextprotocol/client';

export type McpHeaders = Record<string, string>;

export class McpHeaderTap {
  /** Waiters per request body (the JSON text of the message, as the SDK serializes it). */
  private readonly waiting = new Map<string, (headers: McpHeaders) => void>();

  wrap(fetch: FetchLike): FetchLike {
    return (url, init) => {
      if (init?.method === 'POST' && typeof init.body === 'string') {
        const waiter = this.waiting.get(init.body);
        if (waiter) {
          this.waiting.delete(init.body);
          waiter(mcpHeadersOf(init.headers));
        }
      }
      return fetch(url, init);
    };
  }

  /** The headers `body` goes out with; undefined when `sending` settles first (it failed before any request). */
  headersFor(body: string, sending: Promise<unknown>): Promise<McpHeaders | undefined> {
    return new Promise((resolve) => {
      this.waiting.set(body, resolve);
      const giveUp = () => {
        if (this.waiting.get(body) !== resolve) return;
        this.waiting.delete(body);
        resolve(undefined);
      };
      sending.then(giveUp, giveUp);
    });
  }
}

/** The request's headers whose names start with `mcp-`, in their usual spelling (Mcp-Method, Mcp-Param-Region). */
function mcpHeadersOf(headers: ConstructorParameters<typeof Headers>[0]): McpHeaders {
  const found: McpHeaders = {};
  for (const [name, value] of new Headers(headers)) {
    if (name.toLowerCase().startsWith('mcp-')) found[spell(name)] = value;
  }
  return found;
}

/** Headers objects keep names in lower case: `mcp-param-region` → `Mcp-Param-Region`. */
function spell(name: string): string {
  const lower = name.toLowerCase();
  if (lower === 'mcp-protocol-version') return 'MCP-Protocol-Version';
  return lower.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}
