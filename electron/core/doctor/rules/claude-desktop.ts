/** Claude Desktop (and claude.ai connectors): the Messages API's rules on tool names and schemas. */
import type { HostRuleSet } from '../rule';
import { API_TOOL_NAME, nameOutside, rootNotObject, topLevelUnion } from './common';

const TOOL_USE_DOCS = 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools';
const UNION_REPORT = 'https://github.com/marianfoo/mcp-sap-docs/pull/51';

export const claudeDesktop: HostRuleSet = {
  host: 'claude-desktop',
  checked: '2026-12-02',
  rules: [
    {
      kind: 'tool',
      id: 'claude-desktop-name',
      severity: 'warning',
      hosts: ['claude-desktop'],
      summary: 'tool names match ^[a-zA-Z0-9_-]{1,64}$',
      source: TOOL_USE_DOCS,
      evidence: 'The Messages API refuses tool names outside ^[a-zA-Z0-9_-]{1,64}$ (its tool-use docs); whether Claude Desktop passes MCP tool names on as they are or renames them is not documented (closed source)',
      verified: false,
      check: (tool) => nameOutside(tool.name, API_TOOL_NAME, 'The Messages API', 'tool names of 1–64 letters, digits, _ and -'),
    },
    {
      kind: 'tool',
      id: 'claude-desktop-top-level-union',
      severity: 'error',
      hosts: ['claude-desktop'],
      summary: 'no oneOf/anyOf/allOf at the root of the input schema',
      source: UNION_REPORT,
      evidence: 'The Messages API refuses "oneOf, allOf, or anyOf at the top level" of input_schema; seen from Claude Desktop in marianfoo/mcp-sap-docs#51',
      verified: true,
      check: (tool) => topLevelUnion(tool, 'Claude Desktop'),
    },
    {
      kind: 'tool',
      id: 'claude-desktop-root-object',
      severity: 'error',
      hosts: ['claude-desktop'],
      summary: 'the input schema is an object schema',
      source: TOOL_USE_DOCS,
      evidence: 'The Messages API tool-use docs: input_schema is a JSON Schema object',
      verified: true,
      check: (tool) => rootNotObject(tool, 'Claude Desktop'),
    },
  ],
};
