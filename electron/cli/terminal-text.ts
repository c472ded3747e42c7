/**
 * Text a server wrote (names, descriptions, results, errors, stderr lines), made safe to
 * print on a terminal. A terminal obeys what it is sent: ESC sequences clear the screen,
 * set the window title, move the cursor over earlier lines, or (OSC 52) write the
 * clipboard; bidi controls reverse what follows, so a name can read as another. Every
 * line the CLI prints passes here (Output.line and Output.note, progress, task status,
 * a server's stderr):
 *
 * - ESC sequences (CSI, OSC, DCS, SOS, PM, APC and the two-character ones) are removed:
 *   colors and terminal commands alike, which a reader only needs gone;
 * - other control characters (C0 but newline and tab, DEL, C1, a carriage return not
 *   before a newline) are shown as escapes, `\x07`, `\r`, `\u009b`;
 * - bidi controls and invisible characters (U+202A–U+202E, U+2066–U+2069, U+200B–U+200F,
 *   U+061C, U+2028, U+2029, U+FEFF) are shown as `<U+202E>`.
 *
 * `--json` output is JSON.stringify's, which escapes C0 already; jsonForTerminal escapes
 * the rest the same way, so the document parses to exactly the text the server sent.
 */

// ESC then: CSI params and a final byte | OSC up to BEL or ST | DCS/SOS/PM/APC up to ST | one more byte.
// Each part consumes what it matches once (no nested repeats): linear in the text's length.
// Control characters are what these patterns are about.
/* eslint-disable no-control-regex */
const ESCAPE_SEQUENCE = /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[\s\S]?)/g;
const CONTROL = /\r(?!\n)|[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]/g;
/* eslint-enable no-control-regex */
const INVISIBLE = /[\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

const hex = (char: string, digits: number) => char.charCodeAt(0).toString(16).padStart(digits, '0');

function shownControl(char: string): string {
  if (char === '\r') return '\\r';
  const code = char.charCodeAt(0);
  return code < 0x80 ? `\\x${hex(char, 2)}` : `\\u${hex(char, 4)}`;
}

/** The text with terminal commands removed and controls and bidi characters made visible. */
export function forTerminal(text: string): string {
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(CONTROL, shownControl)
    .replace(INVISIBLE, (char) => `<U+${hex(char, 4).toUpperCase()}>`);
}

/** A JSON text whose DEL, C1 and invisible characters are written as \u escapes: the same document, safe to print. */
export function jsonForTerminal(json: string): string {
  return json.replace(/[\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g, (char) => `\\u${hex(char, 4)}`);
}
