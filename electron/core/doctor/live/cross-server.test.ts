/**
 * Tool lists too large for a host when the servers are taken together: each host's own
 * threshold (Claude Code's share of the context window, the tool counts of Cursor and VS Code),
 * reported once under "All servers together" and only when no server alone is over it (that
 * server's own finding says it already).
 */
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../shared/domain';
import { TOOL_SEARCH_TOKENS } from '../rules/claude-code';
import { CURSOR_TOOL_LIMIT } from '../rules/cursor';
import { crossServerFindings } from './cross-server';

const tools = (server: string, n: number): ToolInfo[] =>
  Array.from({ length: n }, (_, i) => ({ server, name: `t${i}`, fullName: `mcp__${server}__t${i}`, inputSchema: { type: 'object', properties: {} } }));

describe('tool lists too large for a host, servers together', () => {
  it("flags Claude Code when the servers' tool lists together pass 10% of its context window", () => {
    // Two Notion-sized lists (about 12,000 tokens each): neither alone is over, together they are.
    const servers = [
      { server: 'notion', tools: tools('n', 8), tokens: { openai: 11_000, claudeEstimate: 12_000 } },
      { server: 'linear', tools: tools('l', 8), tokens: { openai: 10_500, claudeEstimate: 11_000 } },
    ];
    const found = crossServerFindings(servers, ['claude-code']).filter((f) => f.rule === 'claude-code-tool-search');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', hosts: ['claude-code'], source: expect.stringMatching(/^https:\/\/github\.com\/anthropics\/claude-code\//) });
    expect(found[0]!.message).toContain('23,000 tokens');
    expect(found[0]!.message).toContain(TOOL_SEARCH_TOKENS.toLocaleString('en'));
  });

  it('says nothing more when one server alone is over (its own finding says it) or all are under', () => {
    const over = [
      { server: 'big', tools: tools('b', 3), tokens: { openai: 30_000, claudeEstimate: TOOL_SEARCH_TOKENS + 1 } },
      { server: 'small', tools: tools('s', 3), tokens: { openai: 100, claudeEstimate: 100 } },
    ];
    expect(crossServerFindings(over, ['claude-code']).filter((f) => f.rule === 'claude-code-tool-search')).toEqual([]);
    const under = [
      { server: 'a', tools: tools('a', 3), tokens: { openai: 9_000, claudeEstimate: 9_000 } },
      { server: 'b', tools: tools('b', 3), tokens: { openai: 9_000, claudeEstimate: TOOL_SEARCH_TOKENS - 9_000 } },
    ];
    expect(crossServerFindings(under, ['claude-code'])).toEqual([]);
  });

  it("counts tools over every server against Cursor's limit (unverified) and VS Code's (documented)", () => {
    const servers = [
      { server: 'a', tools: tools('a', CURSOR_TOOL_LIMIT) },
      { server: 'b', tools: tools('b', 100) },
    ];
    const found = crossServerFindings(servers, ['cursor', 'vscode']);
    const cursor = found.find((f) => f.rule === 'cursor-tool-count');
    expect(cursor).toBeUndefined(); // b alone is over Cursor's 40: its own finding says so.
    const vscode = found.find((f) => f.rule === 'vscode-tool-count')!;
    expect(vscode.message).toContain('140 tools together');
    expect(vscode.severity).toBe('error');
    const small = crossServerFindings([{ server: 'a', tools: tools('a', 30) }, { server: 'b', tools: tools('b', 30) }], ['cursor']);
    expect(small.map((f) => [f.rule, f.unverified, f.message.startsWith('Unverified: ')])).toEqual([['cursor-tool-count', true, true]]);
  });
});
