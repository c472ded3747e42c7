/** Every host's rule set, in the order hosts are listed. */
import type { DoctorHost } from '../../../../shared/api/doctor';
import type { HostRuleSet } from '../rule';
import { claudeCode } from './claude-code';
import { claudeDesktop } from './claude-desktop';
import { cursor } from './cursor';
import { gemini } from './gemini';
import { openai } from './openai';
import { spec } from './spec';
import { vscode } from './vscode';

export const HOST_RULE_SETS: Record<DoctorHost, HostRuleSet> = {
  'claude-code': claudeCode,
  'claude-desktop': claudeDesktop,
  cursor,
  vscode,
  openai,
  gemini,
  spec,
};
