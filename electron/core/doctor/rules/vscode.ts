/**
 * VS Code / GitHub Copilot: the 128-tool limit, how it renames tools, and the schema the
 * Copilot API refuses. Checked against VS Code's MCP client (`_normalizeTool` in
 * src/vs/workbench/contrib/mcp/common/mcpServer.ts, microsoft/vscode@0052d689), its docs
 * (vscode-docs, approved 2026-05-21) and the reports linked.
 */
import type { HostRuleSet } from '../rule';
import { schemaHits, typesOf } from '../schema-walk';
import { pointer } from '../json-pointer';
import { toolCountRule } from './tool-count';

const TOOLS_DOCS = 'https://code.visualstudio.com/docs/copilot/agents/agent-tools';
const MCP_SERVER_SOURCE = 'https://github.com/microsoft/vscode/blob/0052d689f910e056718b44fdecc7a5e1ad2c3b66/src/vs/workbench/contrib/mcp/common/mcpServer.ts';
const ITEMS_ISSUE = 'https://github.com/microsoft/vscode/issues/284536';
const VSCODE_TOOL_LIMIT = 128;

export const vscode: HostRuleSet = {
  host: 'vscode',
  checked: '2026-12-02',
  toolLimit: VSCODE_TOOL_LIMIT,
  rules: [
    toolCountRule({
      host: 'vscode',
      label: 'VS Code',
      limit: VSCODE_TOOL_LIMIT,
      source: TOOLS_DOCS,
      what: 'allows a chat request at most',
      severity: 'error',
      evidence: 'VS Code docs (vscode-docs, approved 2026-05-21): "A chat request can have a maximum of 128 tools enabled at a time"',
      verified: true,
    }),
    {
      kind: 'tool',
      id: 'vscode-name-characters',
      severity: 'warning',
      hosts: ['vscode'],
      summary: 'tool names use only a-z A-Z 0-9 _ - (VS Code replaces other characters with _)',
      source: MCP_SERVER_SOURCE,
      evidence: 'microsoft/vscode@0052d689, mcpServer.ts _normalizeTool: a name outside [a-z0-9_-] (any case) is logged as invalid and each other character replaced by _',
      verified: true,
      check: (tool) => {
        if (!/[^a-z0-9_-]/i.test(tool.name)) return [];
        const renamed = tool.name.replace(/[^a-z0-9_-]/gi, '_');
        return [{ pointer: pointer('name'), message: `VS Code logs "${tool.name}" as an invalid tool name and calls it "${renamed}" (tool references in prompts and tool sets must use that). Use only letters, digits, _ and -.` }];
      },
    },
    {
      kind: 'tool',
      id: 'vscode-array-items',
      severity: 'error',
      hosts: ['vscode'],
      summary: 'every array schema has items',
      source: ITEMS_ISSUE,
      evidence: 'Copilot refuses the tool: "Failed to validate tool …: tool parameters array type must have items" (microsoft/vscode#246119, #284536 on VS Code 1.107.1; lerd-env/lerd#1267, 2026-08)',
      verified: true,
      check: (tool) =>
        schemaHits(tool, ({ node }) =>
          typesOf(node).includes('array') && node.items === undefined && node.prefixItems === undefined
            ? 'VS Code refuses the tool: "tool parameters array type must have items". Add "items" (e.g. {"type": "string"}).'
            : undefined,
        ),
    },
  ],
};
