/** What every import format parser produces: raw entries in our shape, not yet validated. */
import type { ImportInput } from '../../../../shared/api/transfer';
import type { ConfigScope } from '../../../../shared/config/scopes';

export interface SourceEntry {
  /** The entry's name in the source (may not be a valid name here). */
  key: string;
  /** The entry converted to our shape (variables rewritten, type inferred); validated later. */
  raw: unknown;
  /** The name to suggest when the key is not one (e.g. a project's entry in ~/.claude.json). */
  name?: string;
  /** Where in the source it comes from, when the source holds several groups. */
  origin?: string;
  /** Why it cannot be imported, in the client's terms (shown instead of a validator's message). */
  problem?: string;
}

export interface ParsedSource {
  format: string;
  entries: SourceEntry[];
  inputs: ImportInput[];
  warnings: string[];
  suggestedScope?: ConfigScope;
  /** A known source that does what the pasted text asks (`add-from-claude-desktop`). */
  openSource?: string;
}

/** A readable problem with the source as a whole (does not parse, wrong shape). */
export class SourceError extends Error {}

export interface ParseContext {
  /** The open project, for `${workspaceFolder}`. */
  projectDir?: string;
}
