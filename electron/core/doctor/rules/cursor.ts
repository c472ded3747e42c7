/** Cursor: how many tools it passes to the model, and its limit on server plus tool name. */
import { pointer } from '../json-pointer';
import type { HostRuleSet } from '../rule';
import { toolCountRule } from './tool-count';

const TOOL_LIMIT_REPORT = 'https://github.com/modelcontextprotocol/.github/discussions/360';
const NAME_LIMIT_REPORT = 'https://github.com/ComposioHQ/composio/issues/2788';
const CURSOR_TOOL_LIMIT = 40;
/** Cursor leaves out tools whose server name and tool name together reach this length. */
const CURSOR_NAME_LIMIT = 60;

export const cursor: HostRuleSet = {
  host: 'cursor',
  checked: '2026-12-01',
  toolLimit: CURSOR_TOOL_LIMIT,
  rules: [
    toolCountRule('cursor', 'Cursor', CURSOR_TOOL_LIMIT, TOOL_LIMIT_REPORT, 'sends the model only the first'),
    {
      kind: 'tool',
      id: 'cursor-name-length',
      severity: 'warning',
      hosts: ['cursor'],
      summary: `server name plus tool name under ${CURSOR_NAME_LIMIT} characters`,
      source: NAME_LIMIT_REPORT,
      check: (tool, ctx) => {
        const length = ctx.server.length + tool.name.length;
        // Cursor's own warning counts a combined length of exactly 60 as over (see the source).
        if (length < CURSOR_NAME_LIMIT) return [];
        return [{ pointer: pointer('name'), message: `Server name and tool name together are ${length} characters; Cursor leaves out tools from ${CURSOR_NAME_LIMIT} on. Shorten the tool name.` }];
      },
    },
  ],
};
