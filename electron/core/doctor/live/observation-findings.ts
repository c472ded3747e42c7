/**
 * Findings from what calls returned and what went over the wire: structured results that
 * break their output schema, results and images larger than hosts take, and stdout lines
 * that are not JSON-RPC.
 */
import type { DoctorFinding } from '../../../../shared/api/doctor';
import type { ProtocolLogEntry } from '../../../../shared/protocol-log';
import type { ToolInfo } from '../../../../shared/domain';
import { validateAgainstSchema } from '../../../../shared/json-schema';
import { pointer } from '../json-pointer';
import type { ToolObservation } from '../result-observations';
import { MAX_MCP_OUTPUT_TOKENS, OUTPUT_WARNING_TOKENS } from '../rules/claude-code';

const TOOLS_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content';
const CLAUDE_CODE_OUTPUT = 'https://code.claude.com/docs/en/mcp#mcp-output-limits-and-warnings';
const IMAGE_LIMITS = 'https://docs.anthropic.com/en/docs/build-with-claude/vision#image-size-limits';
const STDIO_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio';

/** Model clients' image limits (long edge in pixels; base64 size). */
const IMAGE_MAX_EDGE = 2000;
const IMAGE_MAX_BASE64_BYTES = 5 * 1024 * 1024;
/** About four bytes of JSON per token: the size hosts estimate results by. */
const BYTES_PER_TOKEN = 4;

export function observationFindings(server: string, tool: ToolInfo, seen: ToolObservation | undefined): DoctorFinding[] {
  if (!seen) return [];
  const findings: DoctorFinding[] = [];
  const base = { server, tool: tool.name };
  const verdict = outputVerdict(tool, seen);
  if (verdict) {
    findings.push({
      ...base,
      rule: 'live-output-schema-mismatch',
      severity: 'error',
      hosts: ['spec'],
      pointer: pointer('outputSchema'),
      source: TOOLS_SPEC,
      message:
        verdict.status === 'missing'
          ? 'The tool declares an outputSchema, but its last result had no structuredContent. Return structuredContent that matches it.'
          : `The last result's structuredContent does not match the outputSchema: ${verdict.errors.join('; ') || 'see the result'}. Fix the result or the schema.`,
    });
  }
  const tokens = Math.round(seen.maxResultBytes / BYTES_PER_TOKEN);
  if (tokens > OUTPUT_WARNING_TOKENS) {
    findings.push({
      ...base,
      rule: 'live-output-size',
      severity: tokens > MAX_MCP_OUTPUT_TOKENS ? 'error' : 'warning',
      hosts: ['claude-code'],
      pointer: '',
      source: CLAUDE_CODE_OUTPUT,
      message: `A result came to about ${tokens.toLocaleString('en')} tokens; Claude Code warns from ${OUTPUT_WARNING_TOKENS.toLocaleString('en')} and cuts at MAX_MCP_OUTPUT_TOKENS (${MAX_MCP_OUTPUT_TOKENS.toLocaleString('en')} by default). Page or filter the result.`,
    });
  }
  const image = seen.maxImage;
  if (image && (Math.max(image.width, image.height) > IMAGE_MAX_EDGE || image.base64Bytes > IMAGE_MAX_BASE64_BYTES)) {
    findings.push({
      ...base,
      rule: 'live-image-limits',
      severity: 'warning',
      hosts: ['claude-code', 'claude-desktop'],
      pointer: '',
      source: IMAGE_LIMITS,
      message: `An image came as ${image.width}×${image.height} (${(image.base64Bytes / 1024 / 1024).toFixed(1)} MB base64); model clients take at most ${IMAGE_MAX_EDGE} px on the long edge and 5 MB, and resize or refuse larger ones. Send it smaller.`,
    });
  }
  return findings;
}

/** The last result against the declared outputSchema: from the call's own check, or checked here on the kept sample. */
function outputVerdict(tool: ToolInfo, seen: ToolObservation): { status: 'missing' } | { status: 'invalid'; errors: string[] } | undefined {
  if (!tool.outputSchema || typeof tool.outputSchema !== 'object') return undefined;
  if (seen.structured === null || seen.output === 'missing') return { status: 'missing' };
  if (seen.structured !== undefined) {
    const check = validateAgainstSchema(tool.outputSchema, seen.structured);
    return check.valid ? undefined : { status: 'invalid', errors: check.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).slice(0, 5) };
  }
  return seen.output === 'invalid' ? { status: 'invalid', errors: seen.outputErrors ?? [] } : undefined;
}

export function stdoutNoiseFindings(server: string, log: readonly ProtocolLogEntry[]): DoctorFinding[] {
  const noise = log.filter((entry) => entry.kind === 'noise');
  if (noise.length === 0) return [];
  const first = noise[0]!.text ?? '';
  return [
    {
      rule: 'live-stdout-noise',
      severity: 'warning',
      hosts: ['spec', 'claude-desktop', 'claude-code', 'cursor', 'vscode'],
      server,
      pointer: '',
      source: STDIO_SPEC,
      message: `The server wrote ${noise.length} line${noise.length === 1 ? '' : 's'} to stdout that ${noise.length === 1 ? 'is' : 'are'} not JSON-RPC (first: "${first.slice(0, 80)}"). Stricter clients drop the connection on them; log to stderr instead.`,
    },
  ];
}
