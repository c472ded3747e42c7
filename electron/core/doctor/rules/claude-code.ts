/** Claude Code: how it names MCP tools, where it cuts descriptions, what the Messages API refuses. */
import { mcpToolName } from '../../../../shared/domain';
import { pointer } from '../json-pointer';
import type { HostRuleSet } from '../rule';
import { normalizeForApi, rootNotObject, topLevelUnion } from './common';

const MCP_DOCS = 'https://code.claude.com/docs/en/mcp';
const TOOL_USE_DOCS = 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools';
const UNION_ISSUE = 'https://github.com/anthropics/claude-code/issues/5973';

const DESCRIPTION_LIMIT = 2048;
/** MAX_MCP_OUTPUT_TOKENS' default: a longer result is cut (a warning from 10,000). */
export const MAX_MCP_OUTPUT_TOKENS = 25_000;
export const OUTPUT_WARNING_TOKENS = 10_000;

function claudeCodeName(server: string, tool: string): string {
  return mcpToolName(normalizeForApi(server), normalizeForApi(tool));
}

export const claudeCode: HostRuleSet = {
  host: 'claude-code',
  checked: '2026-12-01',
  toolName: claudeCodeName,
  descriptionLimit: DESCRIPTION_LIMIT,
  rules: [
    {
      kind: 'tool',
      id: 'claude-code-name-length',
      severity: 'error',
      hosts: ['claude-code'],
      summary: 'mcp__<server>__<tool> is at most 64 characters (the Messages API limit on tool names)',
      source: TOOL_USE_DOCS,
      check: (tool, ctx) => {
        const name = claudeCodeName(ctx.server, tool.name);
        if (name.length <= 64) return [];
        return [{ pointer: pointer('name'), message: `Claude Code calls this tool ${name} (${name.length} characters), over the 64 the API accepts. Shorten the tool name to ${Math.max(1, tool.name.length - (name.length - 64))} characters or fewer, or the server's name.` }];
      },
    },
    {
      kind: 'tool',
      id: 'claude-code-name-characters',
      severity: 'warning',
      hosts: ['claude-code'],
      summary: 'characters other than letters, digits, _ and - in a tool name become _',
      source: MCP_DOCS,
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
      source: MCP_DOCS,
      check: (tool) => {
        const length = tool.description?.length ?? 0;
        if (length <= DESCRIPTION_LIMIT) return [];
        return [{ pointer: pointer('description'), message: `The description is ${length} characters; Claude Code passes on only the first ${DESCRIPTION_LIMIT}. Put what the model needs first and move the rest into parameter descriptions or a resource.` }];
      },
    },
    {
      kind: 'tool',
      id: 'claude-code-top-level-union',
      severity: 'error',
      hosts: ['claude-code'],
      summary: 'no oneOf/anyOf/allOf at the root of the input schema (the API refuses every request)',
      source: UNION_ISSUE,
      check: (tool) => topLevelUnion(tool, 'Claude Code'),
    },
    {
      kind: 'tool',
      id: 'claude-code-root-object',
      severity: 'error',
      hosts: ['claude-code'],
      summary: 'the input schema is an object schema',
      source: TOOL_USE_DOCS,
      check: (tool) => rootNotObject(tool, 'Claude Code'),
    },
  ],
};
