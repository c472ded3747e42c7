/** Cursor: how many tools it passes to the model, and its limit on server plus tool name. */
import { pointer } from '../json-pointer';
import type { HostRuleSet } from '../rule';
import { toolCountRule } from './tool-count';

const TOOL_LIMIT_REPORT = 'https://github.com/modelcontextprotocol/.github/discussions/360';
const NAME_LIMIT_REPORT = 'https://github.com/ComposioHQ/composio/issues/2788';
export const CURSOR_TOOL_LIMIT = 40;
/** Cursor leaves out tools whose server name and tool name together reach this length. */
const CURSOR_NAME_LIMIT = 60;

export const cursor: HostRuleSet = {
  host: 'cursor',
  checked: '2026-12-02',
  toolLimit: CURSOR_TOOL_LIMIT,
  rules: [
    toolCountRule({
      host: 'cursor',
      label: 'Cursor',
      limit: CURSOR_TOOL_LIMIT,
      source: TOOL_LIMIT_REPORT,
      what: 'sends the model only the first',
      severity: 'warning',
      evidence: "Cursor's 40-tool limit is reported by users and guides (modelcontextprotocol/.github#360; guides of 2026-06 say past ~40 tools selection degrades); Cursor's current docs do not state it (closed source)",
      verified: false,
    }),
    {
      kind: 'tool',
      id: 'cursor-name-length',
      severity: 'warning',
      hosts: ['cursor'],
      summary: `server name plus tool name under ${CURSOR_NAME_LIMIT} characters`,
      source: NAME_LIMIT_REPORT,
      evidence: 'Cursor\'s own warning "Combined server and tool name length (65) exceeds 60 characters" quoted in ComposioHQ/composio#2788 and other reports; not in its docs (closed source)',
      verified: false,
      check: (tool, ctx) => {
        const length = ctx.server.length + tool.name.length;
        // Cursor's own warning counts a combined length of exactly 60 as over (see the source).
        if (length < CURSOR_NAME_LIMIT) return [];
        return [{ pointer: pointer('name'), message: `Server name and tool name together are ${length} characters; Cursor has been seen to leave out tools from ${CURSOR_NAME_LIMIT} on. Shorten the tool name.` }];
      },
    },
  ],
};
