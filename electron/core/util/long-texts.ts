/**
 * Long strings handed on as their pieces. The stdio reader decodes a long string (a 20 MB
 * text result) a megabyte at a time; joining the pieces would make a copy as big as all
 * of them while they still exist (twice the text). It hands on `a + b + …` instead, which
 * V8 keeps as a rope pointing at the pieces, and keeps the pieces here.
 *
 * The first operation that reads a rope's characters (a slice, Buffer.byteLength, a
 * write, a regular expression) flattens it into that same copy, so code that can work a
 * piece at a time (the result pipeline: the text's size, its preview, its file) takes the
 * pieces from here first. A Map lookup with the rope as its key does not flatten it (V8
 * hashes a string this long by its length) and finds it by identity.
 *
 * Pieces nobody takes are forgotten once the work the message set off without waiting
 * for anything is done (setImmediate runs after every promise callback queued so far): a
 * tool call's answer reaches the result pipeline that way. Kept longer, the pieces of a
 * rope that was flattened or dropped meanwhile would be memory held for nothing; the rope
 * itself holds them for as long as it lives.
 */
const kept = new Map<string, { pieces: readonly string[]; timer: NodeJS.Immediate }>();

/** The pieces as one string: a rope, its pieces kept for takePieces. */
export function joinPieces(pieces: readonly string[]): string {
  if (pieces.length === 0) return '';
  if (pieces.length === 1) return pieces[0]!;
  let text = '';
  for (const piece of pieces) text += piece;
  const timer = setImmediate(() => kept.delete(text));
  timer.unref();
  kept.set(text, { pieces, timer });
  return text;
}

/** The pieces of a long string joinPieces made, once; undefined for any other string. */
export function takePieces(text: string): readonly string[] | undefined {
  if (kept.size === 0) return undefined;
  const entry = kept.get(text);
  if (!entry) return undefined;
  clearImmediate(entry.timer);
  kept.delete(text);
  return entry.pieces;
}

/** Whether any pieces are waiting to be taken (almost never: the common case skips looking). */
function piecesWaiting(): boolean {
  return kept.size > 0;
}

/** Looks up the pieces of the long strings one piece of work took (see takeAllPieces). */
export type PiecesOf = (text: string) => readonly string[] | undefined;

/**
 * Takes the pieces of every long string in a JSON-like value, and keeps those of the
 * strings under the given keys for the work about to read them. The others are let go
 * at once: a string that will be read whole anyway (base64 to decode) would otherwise
 * have its pieces held beside the copy reading it makes.
 */
export function takeAllPieces(value: unknown, keys: ReadonlySet<string>): PiecesOf | undefined {
  if (!piecesWaiting()) return undefined;
  const found = new Map<string, readonly string[]>();
  const walk = (item: unknown, key: string): void => {
    if (typeof item === 'string') {
      const pieces = takePieces(item);
      if (pieces && keys.has(key)) found.set(item, pieces);
    } else if (Array.isArray(item)) {
      for (const child of item) walk(child, key);
    } else if (item !== null && typeof item === 'object') {
      for (const [childKey, child] of Object.entries(item)) walk(child, childKey);
    }
  };
  walk(value, '');
  return found.size > 0 ? (text) => found.get(text) : undefined;
}

/** The UTF-8 size of the pieces together. */
export function byteLengthOf(pieces: readonly string[]): number {
  let bytes = 0;
  for (const piece of pieces) bytes += Buffer.byteLength(piece);
  return bytes;
}

/** The first `chars` characters of the pieces together (fewer when they hold fewer). */
export function startOfPieces(pieces: readonly string[], chars: number): string {
  let text = '';
  for (const piece of pieces) {
    if (text.length >= chars) break;
    text += piece.length <= chars - text.length ? piece : piece.slice(0, chars - text.length);
  }
  return text;
}
