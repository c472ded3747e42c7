/**
 * Claude Code's environment variables that override settings for a run:
 *
 * - MCP_TIMEOUT: connect timeout in ms.
 * - MCP_TOOL_TIMEOUT: tool call timeout in ms.
 * - MAX_MCP_OUTPUT_TOKENS: how much result text a call may show, in tokens. Tokens are
 *   counted the usual rough way, 4 characters each, so the limit becomes N × 4 bytes of
 *   text (Claude Code's default, 25000 tokens, is about the 100 KB this app keeps).
 */
import type { SettingKey, Settings } from '../../../shared/api/settings';

export const CHARS_PER_TOKEN = 4;
const MIN_TEXT_LIMIT_BYTES = 1024;

function positive(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}

export function envOverrides(env: NodeJS.ProcessEnv): { values: Partial<Settings>; reasons: Partial<Record<SettingKey, string>> } {
  const values: Partial<Settings> = {};
  const reasons: Partial<Record<SettingKey, string>> = {};
  const connect = positive(env.MCP_TIMEOUT);
  if (connect !== undefined) {
    values.connectTimeoutMs = connect;
    reasons.connectTimeoutMs = `MCP_TIMEOUT=${connect}`;
  }
  const call = positive(env.MCP_TOOL_TIMEOUT);
  if (call !== undefined) {
    values.callTimeoutMs = call;
    reasons.callTimeoutMs = `MCP_TOOL_TIMEOUT=${call}`;
  }
  const tokens = positive(env.MAX_MCP_OUTPUT_TOKENS);
  if (tokens !== undefined) {
    values.resultTextLimitBytes = Math.max(MIN_TEXT_LIMIT_BYTES, tokens * CHARS_PER_TOKEN);
    reasons.resultTextLimitBytes = `MAX_MCP_OUTPUT_TOKENS=${tokens} (about ${values.resultTextLimitBytes} bytes, counting 4 characters a token)`;
  }
  return { values, reasons };
}
