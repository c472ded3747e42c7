import { describe, expect, it } from 'vitest';
import { byteLengthOf, joinPieces, startOfPieces, takeAllPieces, takePieces } from './long-texts';

const piecesOf = (count: number) => Array.from({ length: count }, (_, i) => `${i}é`.repeat(1000));

describe('long texts as pieces', () => {
  it('hands the pieces of a joined text over once; a text of one piece, or any other string, has none', () => {
    const pieces = piecesOf(3);
    const text = joinPieces(pieces);
    expect(text).toBe(pieces.join(''));
    expect(takePieces(text)).toBe(pieces);
    expect(takePieces(text)).toBeUndefined();
    expect(joinPieces(['only'])).toBe('only');
    expect(takePieces('only')).toBeUndefined();
    expect(takePieces(pieces.join(''))).toBeUndefined();
  });

  it('forgets pieces nobody took once the work queued with them is done', async () => {
    const text = joinPieces(piecesOf(2));
    await Promise.resolve();
    expect(takePieces(text)).toBeDefined();
    const later = joinPieces(piecesOf(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(takePieces(later)).toBeUndefined();
  });

  it('takes the pieces of every long string in a value, keeping only those under the given keys', () => {
    const text = joinPieces(piecesOf(2));
    const data = joinPieces(piecesOf(3));
    const lookup = takeAllPieces({ content: [{ type: 'text', text }, { type: 'image', data }] }, new Set(['text']));
    expect(lookup?.(text)?.join('')).toBe(text);
    expect(lookup?.(data)).toBeUndefined();
    // Let go, not left waiting.
    expect(takePieces(data)).toBeUndefined();
    expect(takeAllPieces({ text: 'short' }, new Set(['text']))).toBeUndefined();
  });

  it('measures and starts the pieces as the joined text', () => {
    const pieces = ['ab', 'é😀', 'cd'];
    expect(byteLengthOf(pieces)).toBe(Buffer.byteLength(pieces.join('')));
    for (let chars = 0; chars <= 8; chars++) expect(startOfPieces(pieces, chars)).toBe(pieces.join('').slice(0, chars));
  });
});
