/** The doctor's checks on a running server, described like the host rules (for docs, the UI and JUnit). */
import type { DoctorRuleInfo } from '../../../../shared/api/doctor';

const rule = (info: DoctorRuleInfo) => info;

export const LIVE_RULES: DoctorRuleInfo[] = [
  rule({ id: 'live-connect-failed', severity: 'error', hosts: ['spec'], summary: 'the server starts and answers initialize', source: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle' }),
  rule({ id: 'live-name-collision', severity: 'error', hosts: ['claude-code'], summary: 'no two tools (over every checked server) get the same name once the host builds its names', source: 'https://code.claude.com/docs/en/mcp' }),
  rule({ id: 'live-output-schema-mismatch', severity: 'error', hosts: ['spec'], summary: 'structuredContent in the results seen matches the outputSchema', source: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content' }),
  rule({ id: 'live-output-size', severity: 'warning', hosts: ['claude-code'], summary: 'results stay under 10,000 tokens (Claude Code warns) and 25,000 (MAX_MCP_OUTPUT_TOKENS cuts)', source: 'https://code.claude.com/docs/en/mcp#mcp-output-limits-and-warnings' }),
  rule({ id: 'live-image-limits', severity: 'warning', hosts: ['claude-code', 'claude-desktop'], summary: 'images at most 2000 px on the long edge and 5 MB base64', source: 'https://docs.anthropic.com/en/docs/build-with-claude/vision#image-size-limits' }),
  rule({ id: 'live-stdout-noise', severity: 'warning', hosts: ['spec', 'claude-desktop', 'claude-code', 'cursor', 'vscode'], summary: 'nothing but JSON-RPC on stdout', source: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio' }),
  rule({ id: 'live-capability-failing', severity: 'error', hosts: ['spec'], summary: 'every capability the server declares answers its list request', source: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#capability-negotiation' }),
  rule({ id: 'live-slow-start', severity: 'warning', hosts: ['claude-code', 'cursor', 'vscode', 'claude-desktop'], summary: 'the server connects within 5 s (hosts time out, Claude Code at MCP_TIMEOUT, 30 s by default)', source: 'https://code.claude.com/docs/en/mcp' }),
  rule({ id: 'live-slow-list', severity: 'warning', hosts: ['claude-code', 'cursor', 'vscode', 'claude-desktop'], summary: 'each list answers within 2 s', source: 'https://code.claude.com/docs/en/mcp' }),
  rule({ id: 'live-missing-annotations', severity: 'warning', hosts: ['spec', 'claude-code', 'vscode', 'openai'], summary: 'tools whose names sound like writes say readOnlyHint or destructiveHint', source: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-annotations' }),
  rule({ id: 'live-prompt-injection', severity: 'warning', hosts: ['spec'], summary: 'descriptions do not instruct the model (ignore previous instructions, call other tools, hide things from the user)', source: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations' }),
  rule({ id: 'live-hidden-unicode', severity: 'error', hosts: ['spec'], summary: 'no invisible characters (zero-width, Unicode tags) in what the model reads', source: 'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks' }),
  rule({ id: 'live-bidi-unicode', severity: 'error', hosts: ['spec'], summary: 'no bidirectional controls in what the model reads', source: 'https://trojansource.codes/' }),
];

export const liveRule = (id: string): DoctorRuleInfo => {
  const found = LIVE_RULES.find((r) => r.id === id);
  if (!found) throw new Error(`No live rule ${id}`);
  return found;
};
