/**
 * Whatever the user pasted: an `mcpServers` block (from a README or another client's
 * file), VS Code's `servers` block, a bare map of entries, a single entry, a
 * `"name": {…}` fragment cut out of a larger file, or `claude mcp add` command lines.
 */
import { parseJsonText } from '../json-text';
import { looksLikeClaudeCommand, parseClaudeCommands } from './parse-claude-command';
import { entriesFromMap, hasProjectServers, parseMcpServers, parseWholeClaudeJson } from './parse-mcp-servers';
import { isVsCodeShape, parseVsCode } from './parse-vscode';
import { nameFromEntry } from './suggest-name';
import { SourceError, type ParseContext, type ParsedSource } from './types';
import { asObject } from './variables';

const isEntryLike = (value: unknown) => {
  const object = asObject(value);
  return !!object && (typeof object.command === 'string' || typeof object.url === 'string');
};

export function parsePaste(text: string, ctx: ParseContext): ParsedSource {
  if (looksLikeClaudeCommand(text)) return parseClaudeCommands(text);
  let parsed = parseJsonText(text, { jsonc: true });
  if (!parsed.ok) {
    // A fragment like `"github": { "command": … }` copied out of a larger file.
    const wrapped = parseJsonText(`{${text.trim().replace(/,\s*$/, '')}}`, { jsonc: true });
    if (!wrapped.ok) {
      throw new SourceError(
        `The pasted text is neither JSON nor a "claude mcp add" command: ${parsed.problem.message}.`,
      );
    }
    parsed = wrapped;
  }
  const value = parsed.value;
  if (hasProjectServers(value)) return parseWholeClaudeJson(value, ctx);
  if (asObject(value.mcpServers)) return { ...parseMcpServers(value, ctx), format: 'mcpServers block' };
  if (isVsCodeShape(value)) return parseVsCode(value, ctx);
  if (isEntryLike(value)) {
    const warnings = new Set<string>();
    const [entry] = entriesFromMap({ [nameFromEntry(value)]: value }, ctx, warnings);
    return { format: 'single server entry', entries: entry ? [entry] : [], inputs: [], warnings: [...warnings] };
  }
  const values = Object.values(value);
  if (values.length > 0 && values.every(isEntryLike)) {
    const warnings = new Set<string>();
    return { format: 'server entries', entries: entriesFromMap(value, ctx, warnings), inputs: [], warnings: [...warnings] };
  }
  throw new SourceError('Nothing to import: expected an "mcpServers" block, VS Code "servers", a server entry with "command" or "url", or a "claude mcp add" command.');
}
