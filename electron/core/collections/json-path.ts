/**
 * JSON paths into a step's result document. jsonpath-plus is the most used JSONPath
 * library for JavaScript and keeps up with RFC 9535's syntax; it is run with `eval: false`,
 * so a filter expression (`[?(…)]`) is refused instead of being evaluated: a collection file
 * from a repository can never run code in the workbench. A path without the leading `$`
 * (`structuredContent.total`, `content[0].text`) is read as starting at the document's root.
 */
import { JSONPath } from 'jsonpath-plus';

export type PathLookup = { found: true; value: unknown } | { found: false; error?: string };

function normalizePath(path: string): string {
  const trimmed = path.trim();
  if (trimmed.startsWith('$')) return trimmed;
  return trimmed.startsWith('[') ? `$${trimmed}` : `$.${trimmed}`;
}

/** One match is its value; several are the array of them; none is not found. */
export function lookupPath(document: unknown, path: string): PathLookup {
  if (document === null || typeof document !== 'object') return { found: false };
  let matches: unknown[];
  try {
    matches = JSONPath({ path: normalizePath(path), json: document as object, eval: false, wrap: true, resultType: 'value' }) as unknown[];
  } catch (error) {
    return { found: false, error: `the path ${path} cannot be used: ${(error as Error).message}` };
  }
  if (!Array.isArray(matches) || matches.length === 0) return { found: false };
  return { found: true, value: matches.length === 1 ? matches[0] : matches };
}
