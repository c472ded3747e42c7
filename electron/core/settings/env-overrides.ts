/**
 * Claude Code's environment variables that override settings for a run:
 *
 * - MCP_TIMEOUT: connect timeout in ms.
 * - MCP_TOOL_TIMEOUT: tool call timeout in ms.
 * - MAX_MCP_OUTPUT_TOKENS: how much result text a call may show, in tokens. Tokens are
 *   counted the usual rough way, 4 characters each, so the limit becomes N × 4 bytes of
 *   text (Claude Code's default, 25000 tokens, is about the 100 KB this app keeps).
 *
 * A timeout above the most the setting allows is capped to it (and the reason says so):
 * timers fire at once when given more than 2^31 − 1 ms.
 */
import { MAX_CALL_TIMEOUT_MS, MAX_CONNECT_TIMEOUT_MS, type SettingKey, type Settings } from '../../../shared/api/settings';

const CHARS_PER_TOKEN = 4;
const MIN_TEXT_LIMIT_BYTES = 1024;

function positive(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}

export function envOverrides(env: NodeJS.ProcessEnv): { values: Partial<Settings>; reasons: Partial<Record<SettingKey, string>> } {
  const values: Partial<Settings> = {};
  const reasons: Partial<Record<SettingKey, string>> = {};
  const connect = cappedTimeout('MCP_TIMEOUT', env.MCP_TIMEOUT, MAX_CONNECT_TIMEOUT_MS);
  if (connect) {
    values.connectTimeoutMs = connect.value;
    reasons.connectTimeoutMs = connect.reason;
  }
  const call = cappedTimeout('MCP_TOOL_TIMEOUT', env.MCP_TOOL_TIMEOUT, MAX_CALL_TIMEOUT_MS);
  if (call) {
    values.callTimeoutMs = call.value;
    reasons.callTimeoutMs = call.reason;
  }
  const tokens = positive(env.MAX_MCP_OUTPUT_TOKENS);
  if (tokens !== undefined) {
    values.resultTextLimitBytes = Math.max(MIN_TEXT_LIMIT_BYTES, tokens * CHARS_PER_TOKEN);
    reasons.resultTextLimitBytes = `MAX_MCP_OUTPUT_TOKENS=${tokens} (about ${values.resultTextLimitBytes} bytes, counting 4 characters a token)`;
  }
  return { values, reasons };
}

/** A timeout from the environment, capped at `max`. */
function cappedTimeout(variable: string, raw: string | undefined, max: number): { value: number; reason: string } | undefined {
  const value = positive(raw);
  if (value === undefined) return undefined;
  if (value <= max) return { value, reason: `${variable}=${value}` };
  return { value: max, reason: `${variable}=${value} is more than the most allowed (${max} ms): using ${max} ms` };
}
