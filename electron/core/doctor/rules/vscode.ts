/** VS Code / GitHub Copilot: the 128-tool limit, tool-name characters, and its schema checks. */
import { pointer } from '../json-pointer';
import type { HostRuleSet } from '../rule';
import { schemaHits, typesOf } from '../schema-walk';
import { nameOutside } from './common';
import { toolCountRule } from './tool-count';

const MCP_DOCS = 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers';
const NAME_ISSUE = 'https://github.com/github/copilot-cli/issues/1879';
const ITEMS_ISSUE = 'https://github.com/microsoft/vscode/issues/246119';
const EMPTY_OBJECT_ISSUE = 'https://github.com/github/copilot-cli/issues/1825';
const VSCODE_TOOL_LIMIT = 128;

export const vscode: HostRuleSet = {
  host: 'vscode',
  checked: '2026-12-01',
  toolLimit: VSCODE_TOOL_LIMIT,
  rules: [
    toolCountRule('vscode', 'VS Code', VSCODE_TOOL_LIMIT, MCP_DOCS, 'refuses a chat request with more than'),
    {
      kind: 'tool',
      id: 'vscode-name-characters',
      severity: 'error',
      hosts: ['vscode'],
      summary: 'tool names match ^[a-zA-Z0-9_-]{1,128}$ (Copilot refuses dots and slashes)',
      source: NAME_ISSUE,
      check: (tool) => nameOutside(tool.name, /^[a-zA-Z0-9_-]{1,128}$/, 'Copilot', 'only tool names of letters, digits, _ and -'),
    },
    {
      kind: 'tool',
      id: 'vscode-array-items',
      severity: 'error',
      hosts: ['vscode'],
      summary: 'every array schema has items',
      source: ITEMS_ISSUE,
      check: (tool) =>
        schemaHits(tool, ({ node }) =>
          typesOf(node).includes('array') && node.items === undefined && node.prefixItems === undefined
            ? 'VS Code refuses the tool: "tool parameters array type must have items". Add "items" (e.g. {"type": "string"}).'
            : undefined,
        ),
    },
    {
      kind: 'tool',
      id: 'vscode-object-properties',
      severity: 'warning',
      hosts: ['vscode'],
      summary: 'the input schema has "properties", even when it is empty',
      source: EMPTY_OBJECT_ISSUE,
      check: (tool) =>
        tool.inputSchema.properties === undefined
          ? [{ pointer: pointer('inputSchema'), message: 'Copilot refuses an object schema without "properties" ("object schema missing properties"). Add "properties": {} to a tool with no arguments.' }]
          : [],
    },
  ],
};
