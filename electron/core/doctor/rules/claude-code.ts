/**
 * Claude Code: how it names MCP tools, where it cuts descriptions, when it defers tools behind
 * tool search, and what the Messages API refuses. Checked against Claude Code's CHANGELOG up to
 * 2.1.240 (anthropics/claude-code@5cfc0a19) and the reports it links.
 */
import { mcpToolName } from '../../../../shared/domain';
import { pointer } from '../json-pointer';
import type { HostRuleSet } from '../rule';
import { normalizeForApi, rootNotObject, topLevelUnion } from './common';

const MCP_DOCS = 'https://code.claude.com/docs/en/mcp';
const CHANGELOG = 'https://github.com/anthropics/claude-code/blob/5cfc0a1905ce0c0a9bd81d8a90fe6b62ff614357/CHANGELOG.md';
const TOOL_USE_DOCS = 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools';
const NAME_REPORT = 'https://github.com/anthropics/claude-code/issues/20643';
const UNION_ISSUE = 'https://github.com/anthropics/claude-code/issues/5973';

const DESCRIPTION_LIMIT = 2048;
/** MAX_MCP_OUTPUT_TOKENS' default: a longer result is cut (a warning from 10,000). */
export const MAX_MCP_OUTPUT_TOKENS = 25_000;
export const OUTPUT_WARNING_TOKENS = 10_000;
/** Claude Code defers MCP tools behind tool search once their definitions pass this share of the context window. */
const TOOL_SEARCH_SHARE = 0.1;
/** The context window the share is taken of: that of Claude Code's default models. */
const CLAUDE_CONTEXT_TOKENS = 200_000;
export const TOOL_SEARCH_TOKENS = Math.round(TOOL_SEARCH_SHARE * CLAUDE_CONTEXT_TOKENS);

function claudeCodeName(server: string, tool: string): string {
  return mcpToolName(normalizeForApi(server), normalizeForApi(tool));
}

export const claudeCode: HostRuleSet = {
  host: 'claude-code',
  checked: '2026-12-02',
  toolName: claudeCodeName,
  descriptionLimit: DESCRIPTION_LIMIT,
  toolTokenLimit: TOOL_SEARCH_TOKENS,
  rules: [
    {
      kind: 'tool',
      id: 'claude-code-name-length',
      severity: 'error',
      hosts: ['claude-code'],
      summary: 'mcp__<server>__<tool> is at most 64 characters (the Messages API limit on tool names)',
      source: NAME_REPORT,
      evidence: 'The Messages API refuses tool names over 64 characters (its tool-use docs); Claude Code sends mcp__<server>__<tool> uncut: "String should have at most 64 characters" in claude-code#2485 (1.0.31) and, through tool search, #20643 (2026-01); no later CHANGELOG entry up to 2.1.240 shortens names',
      verified: true,
      check: (tool, ctx) => {
        const name = claudeCodeName(ctx.server, tool.name);
        if (name.length <= 64) return [];
        return [{ pointer: pointer('name'), message: `Claude Code calls this tool ${name} (${name.length} characters), over the 64 the API accepts, and the request fails. Shorten the tool name to ${Math.max(1, tool.name.length - (name.length - 64))} characters or fewer, or the server's name.` }];
      },
    },
    {
      kind: 'tool',
      id: 'claude-code-name-characters',
      severity: 'warning',
      hosts: ['claude-code'],
      summary: 'characters other than letters, digits, _ and - in a tool name become _',
      source: MCP_DOCS,
      evidence: 'Claude Code builds mcp__<server>__<tool> within the Messages API pattern ^[a-zA-Z0-9_-]{1,64}$; that it replaces other characters by _ is what it was seen to do, not found in its docs or CHANGELOG',
      verified: false,
      check: (tool) => {
        const normalized = normalizeForApi(tool.name);
        if (normalized === tool.name) return [];
        return [{ pointer: pointer('name'), message: `Claude Code shows "${tool.name}" as "${normalized}" (each character outside A-Z a-z 0-9 _ - becomes _), so permission rules and prompts must use that name. Use only those characters.` }];
      },
    },
    {
      kind: 'tool',
      id: 'claude-code-description-cut',
      severity: 'warning',
      hosts: ['claude-code'],
      summary: `descriptions are cut at ${DESCRIPTION_LIMIT} characters`,
      source: CHANGELOG,
      evidence: 'CHANGELOG 2.1.84: "MCP tool descriptions and server instructions are now capped at 2KB"; MAX_MCP_DESCRIPTION_LENGTH = 2048 in its MCP client',
      verified: true,
      check: (tool) => {
        const length = tool.description?.length ?? 0;
        if (length <= DESCRIPTION_LIMIT) return [];
        return [{ pointer: pointer('description'), message: `The description is ${length} characters; Claude Code passes on only the first ${DESCRIPTION_LIMIT}. Put what the model needs first and move the rest into parameter descriptions or a resource.` }];
      },
    },
    {
      kind: 'list',
      id: 'claude-code-tool-search',
      severity: 'warning',
      hosts: ['claude-code'],
      summary: `the tool list stays under ${TOOL_SEARCH_SHARE * 100}% of a ${CLAUDE_CONTEXT_TOKENS.toLocaleString('en')}-token context window (${TOOL_SEARCH_TOKENS.toLocaleString('en')} tokens); past it Claude Code defers the tools behind tool search`,
      source: CHANGELOG,
      evidence: 'CHANGELOG 2.1.7: "When MCP tool descriptions exceed 10% of the context window, they are automatically deferred and discovered via the MCPSearch tool"; 2.1.9 adds ENABLE_TOOL_SEARCH=auto:N; 2.1.121 adds alwaysLoad. Counted with the Claude tokenizer (an estimate), else OpenAI\'s',
      verified: true,
      check: (_tools, ctx) => {
        const tokens = ctx.tokens?.claudeEstimate ?? ctx.tokens?.openai;
        if (tokens === undefined || tokens <= TOOL_SEARCH_TOKENS) return [];
        const share = Math.round((tokens / CLAUDE_CONTEXT_TOKENS) * 1000) / 10;
        return [
          {
            pointer: '',
            message: `The tool list costs about ${tokens.toLocaleString('en')} tokens, ${share}% of a ${CLAUDE_CONTEXT_TOKENS.toLocaleString('en')}-token context window, over the ${TOOL_SEARCH_SHARE * 100}% at which Claude Code stops loading MCP tools up front: the model sees them only after searching for them (tool search). Shorten descriptions and schemas, or offer fewer tools.`,
          },
        ];
      },
    },
    {
      kind: 'tool',
      id: 'claude-code-top-level-union',
      severity: 'error',
      hosts: ['claude-code'],
      summary: 'no oneOf/anyOf/allOf at the root of the input schema (the API refuses every request)',
      source: UNION_ISSUE,
      evidence: 'The Messages API answers "input_schema does not support oneOf, allOf, or anyOf at the top level" for every request carrying such a tool: claude-code#5973, #40075 (2.1.86), #56174 (2026-05)',
      verified: true,
      check: (tool) => topLevelUnion(tool, 'Claude Code'),
    },
    {
      kind: 'tool',
      id: 'claude-code-root-object',
      severity: 'error',
      hosts: ['claude-code'],
      summary: 'the input schema is an object schema',
      source: TOOL_USE_DOCS,
      evidence: 'The Messages API tool-use docs: input_schema is a JSON Schema object; MCP clients on the TypeScript SDK also refuse a tools/list whose inputSchema is not {"type": "object"}',
      verified: true,
      check: (tool) => rootNotObject(tool, 'Claude Code'),
    },
  ],
};
