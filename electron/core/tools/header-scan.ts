/**
 * SEP-2243's check of a tool's `x-mcp-header` declarations, as the SDK makes it. The SDK's
 * Client runs it inside listTools and drops a tool that fails it with only a console warning;
 * the workbench lists pages itself (each page on the wire, the server's own errors) and shows
 * a dropped tool struck out with the reason, so it asks the Client's own check, given the
 * definition (the Client's `_resolveXMcpHeaderScan`, which scans a supplied definition as is).
 * tools-service.test.ts proves this against a real server, so an SDK update that moves the
 * check fails there rather than here, silently.
 */
import type { Client, Tool } from '@modelcontextprotocol/client';

type HeaderScan = { valid: true } | { valid: false; reason: string };

interface ScanningClient {
  _resolveXMcpHeaderScan?: (name: string, definition: Tool) => Promise<HeaderScan | undefined>;
}

/** Why the SDK leaves the tool out of the list (and will not mirror its headers), or undefined when it keeps it. */
export async function headerProblemOf(client: Client, tool: Tool): Promise<string | undefined> {
  const scan = await (client as unknown as ScanningClient)._resolveXMcpHeaderScan?.(tool.name, tool);
  return scan && !scan.valid ? scan.reason : undefined;
}
