/**
 * Characters that make text read differently from how it shows: invisible ones
 * (zero-width, the Unicode "tag" block, soft hyphen…) and bidirectional controls (Trojan
 * Source: U+202E turns `txt.exe` into `exe.txt` on screen). The doctor reports them in what
 * a model reads; the UI marks them wherever it shows a name a server chose.
 */

/** Zero-width characters, the Unicode "tag" block and other invisible code points. */
export const HIDDEN_CHARACTERS = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E]|[\u{E0000}-\u{E007F}]/u;
/** Bidirectional overrides, embeddings and isolates. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

const EITHER = new RegExp(`${HIDDEN_CHARACTERS.source}|${BIDI_CONTROLS.source}`, 'gu');

export type TextPart = { text: string } | { hidden: string; codePoint: string; kind: 'invisible' | 'bidi' };

/** "U+202E", the way a character is named where it cannot be shown. */
function codePointOf(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The text cut into plain runs and the hidden or bidi characters between them. */
export function splitHiddenCharacters(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(EITHER)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ hidden: match[0], codePoint: codePointOf(match[0]), kind: BIDI_CONTROLS.test(match[0]) ? 'bidi' : 'invisible' });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
