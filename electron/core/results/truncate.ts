/**
 * Cutting long text before it crosses IPC: the window gets the start (at most
 * `limitBytes` of UTF-8, never half a character), the whole goes to a result file.
 */
import type { ResultFileRef, Truncation } from '../../../shared/tool-results';
import { byteLengthOf, startOfPieces } from '../util/long-texts';
import { utf8Boundary } from './result-files';

export interface CutText {
  shown: string;
  shownBytes: number;
  totalBytes: number;
  cut: boolean;
}

/** `pieces`: the text's pieces when the reader made it of them (util/long-texts.ts), measured and cut without joining them. */
export function cutText(text: string, limitBytes: number, pieces?: readonly string[]): CutText {
  // A UTF-16 unit is at most 3 UTF-8 bytes: short text needs no counting.
  if (text.length * 3 <= limitBytes) {
    const bytes = Buffer.byteLength(text);
    return { shown: text, shownBytes: bytes, totalBytes: bytes, cut: false };
  }
  const totalBytes = pieces ? byteLengthOf(pieces) : Buffer.byteLength(text);
  if (totalBytes <= limitBytes) return { shown: text, shownBytes: totalBytes, totalBytes, cut: false };
  // At most limitBytes characters can fit in limitBytes bytes.
  const head = Buffer.from(pieces ? startOfPieces(pieces, limitBytes) : text.slice(0, limitBytes), 'utf8');
  const end = utf8Boundary(head, Math.min(limitBytes, head.length));
  const shown = head.subarray(0, end).toString('utf8');
  return { shown, shownBytes: end, totalBytes, cut: true };
}

export function truncationOf(text: string, cut: CutText, file: ResultFileRef): Truncation {
  return { shownChars: cut.shown.length, shownBytes: cut.shownBytes, totalChars: text.length, totalBytes: cut.totalBytes, file };
}

/** Shares one inline budget among all the text of a result, so many blocks cannot add up to megabytes. */
export class TextBudget {
  constructor(
    readonly perBlock: number,
    private remaining: number,
  ) {}

  /** The limit for the next block (at least 1 KB, so every block shows its start). */
  next(): number {
    return Math.max(1024, Math.min(this.perBlock, this.remaining));
  }

  spend(bytes: number): void {
    this.remaining -= bytes;
  }
}
