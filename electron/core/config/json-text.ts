/**
 * Reading and editing JSON config text. Parsing reports the line and column of the first
 * problem (JSON.parse does not say where), and edits go through jsonc-parser so a file
 * keeps its formatting, key order and, in JSONC files, its comments.
 */
import { applyEdits, modify, parseTree, findNodeAtLocation, printParseErrorCode, type JSONPath, type Node, type ParseError } from 'jsonc-parser';

export interface TextPosition {
  line: number;
  column: number;
}

export interface JsonProblem extends Partial<TextPosition> {
  message: string;
}

export type JsonObject = Record<string, unknown>;

export type ParsedJson = { ok: true; value: JsonObject } | { ok: false; problem: JsonProblem };

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const READABLE_ERRORS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name (in double quotes) is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing brace } is expected',
  CloseBracketExpected: 'a closing bracket ] is expected',
  EndOfFileExpected: 'the text goes on after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in this file',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

/**
 * Parses a config file's text. `jsonc` allows comments and trailing commas (VS Code's
 * files); plain JSON files refuse them, as the tools that own them would. An empty file
 * counts as an empty object.
 */
export function parseJsonText(raw: string, options: { jsonc?: boolean } = {}): ParsedJson {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === '') return { ok: true, value: {} };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: !options.jsonc, allowTrailingComma: !!options.jsonc, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const code = printParseErrorCode(first.error);
    const at = positionAt(text, first.offset);
    return { ok: false, problem: { message: `${READABLE_ERRORS[code] ?? code} at line ${at.line}, column ${at.column}`, ...at } };
  }
  const value = tree ? valueOf(tree) : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: { message: 'the file must hold a JSON object ({ … }) at line 1, column 1', line: 1, column: 1 } };
  }
  return { ok: true, value: value as JsonObject };
}

/**
 * A parse tree's value, every key an own property as JSON.parse makes it. (jsonc-parser's
 * own `parse` assigns keys, so a "__proto__" key would replace the object's prototype and
 * vanish from the file's content; here it stays an ordinary entry, reported as invalid.)
 */
function valueOf(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value;
  const out: JsonObject = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value) continue;
    Object.defineProperty(out, String(key.value), { value: valueOf(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Where a value sits in the text (for messages about one entry of a valid file). */
export function locate(text: string, path: JSONPath): TextPosition | undefined {
  const tree = parseTree(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, [], { allowTrailingComma: true });
  const node = tree && findNodeAtLocation(tree, path);
  return node ? positionAt(text, node.offset) : undefined;
}

export interface JsonEdit {
  path: JSONPath;
  /** undefined removes the property. */
  value: unknown;
}

/** The file's own indentation, so edits look like the rest of it. */
function detectIndent(text: string): { insertSpaces: boolean; tabSize: number } {
  const match = /^([ \t]+)\S/m.exec(text);
  if (!match?.[1]) return { insertSpaces: true, tabSize: 2 };
  if (match[1].startsWith('\t')) return { insertSpaces: false, tabSize: 1 };
  return { insertSpaces: true, tabSize: match[1].length };
}

/** Applies edits to JSON text, keeping everything else as it was. */
export function editJsonText(text: string, edits: JsonEdit[]): string {
  let out = text.trim() === '' ? '{}' : text;
  const eol = out.includes('\r\n') ? '\r\n' : '\n';
  const formattingOptions = { ...detectIndent(out), eol };
  for (const edit of edits) {
    out = applyEdits(out, modify(out, edit.path, edit.value, { formattingOptions }));
  }
  return out.endsWith(eol) ? out : out + eol;
}
