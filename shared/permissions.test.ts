/** Rules by server and tool: a rule for one tool of one server never covers another server, whatever `__` the names hold. */
import { describe, expect, it } from 'vitest';
import { decidePermission, parseRulePattern, ruleName, type PermissionRule } from './permissions';

describe('permission rules', () => {
  it('allowing tool b of server a does not allow any tool of a server named a__b', () => {
    const rules: PermissionRule[] = [{ server: 'a', tool: 'b', decision: 'allow' }];
    expect(decidePermission(rules, 'a', 'mcp__a__b').decision).toBe('allow');
    expect(decidePermission(rules, 'a__b', 'mcp__a__b__delete_everything')).toMatchObject({ decision: 'ask', reason: 'the tool is not marked read-only' });
    expect(decidePermission(rules, 'a__b', 'mcp__a__b__c').decision).toBe('ask');
  });

  it('a rule for a server whose name holds "__" covers its tools and nothing of the shorter name', () => {
    const rules: PermissionRule[] = [{ server: 'a__b', decision: 'deny' }, { server: 'a__b', tool: 'c', decision: 'allow' }];
    expect(decidePermission(rules, 'a__b', 'mcp__a__b__c').decision).toBe('deny');
    expect(decidePermission(rules, 'a', 'mcp__a__b__c')).toMatchObject({ decision: 'ask' });
  });

  it('reads Claude Code\'s pattern as Claude Code does: the server before the first "__"', () => {
    expect(parseRulePattern('mcp__fs')).toEqual({ server: 'fs' });
    expect(parseRulePattern('mcp__fs__*')).toEqual({ server: 'fs' });
    expect(parseRulePattern('mcp__fs__write_file')).toEqual({ server: 'fs', tool: 'write_file' });
    expect(parseRulePattern('mcp__a__b__c')).toEqual({ server: 'a', tool: 'b__c' });
    expect(parseRulePattern('fs__write')).toBeUndefined();
    expect(ruleName({ server: 'a__b', tool: 'c' })).toBe('mcp__a__b__c');
    expect(ruleName({ server: 'fs' })).toBe('mcp__fs');
  });
});
