import { describe, expect, it } from 'vitest';
import { takePieces } from '../../util/long-texts';
import { youngAllocationDuring } from '../../util/young-allocation.testing';
import { LongStringDecoder, PIECE_BYTES } from './long-string-decoder';

/** Decodes a JSON string literal's inside, fed in chunks cut at the given places; what end() gives and where the closing quote was found. */
function decode(inside: Buffer, cuts: number[]): { text: string | undefined; close: number } {
  const decoder = new LongStringDecoder();
  const bytes = Buffer.concat([inside, Buffer.from('"')]);
  let close = -1;
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    const chunk = bytes.subarray(from, cut);
    const found = decoder.write(chunk, 0);
    if (found !== -1) {
      close = from + found;
      break;
    }
    from = cut;
  }
  return { text: decoder.end(), close };
}

/** What JSON.parse makes of the same bytes read as UTF-8 (undefined: not JSON). */
function parsed(inside: Buffer): string | undefined {
  try {
    return JSON.parse(`"${inside.toString('utf8')}"`) as string;
  } catch {
    return undefined;
  }
}

const EVERY_ESCAPE = String.raw`a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u20ac\ud83d\ude00\uD83D\uDE00z`;

describe('LongStringDecoder', () => {
  it('decodes every escape, \\uXXXX, surrogate pairs and multi-byte UTF-8 as JSON.parse does, cut at every place', () => {
    const inside = Buffer.from(`${EVERY_ESCAPE} é€😀 ${EVERY_ESCAPE}`, 'utf8');
    const expected = parsed(inside);
    for (let cut = 0; cut <= inside.length; cut++) {
      for (const second of [cut + 1, cut + 3]) {
        const { text, close } = decode(inside, [cut, Math.min(second, inside.length)]);
        expect(text, `cut at ${cut} and ${second}`).toBe(expected);
        expect(close).toBe(inside.length);
      }
    }
  });

  it('keeps lone surrogates as lone surrogates, as JSON.parse does', () => {
    for (const inside of [String.raw`x\ud800y`, String.raw`\udc00`, String.raw`\ud800\ud800\udc00`, String.raw`\ud800\n`, String.raw`é\ud83d`, String.raw`\ud83d\u0041`]) {
      const bytes = Buffer.from(inside, 'utf8');
      for (let cut = 0; cut <= bytes.length; cut++) expect(decode(bytes, [cut]).text, `${inside} cut at ${cut}`).toBe(parsed(bytes));
    }
  });

  it('turns invalid UTF-8 into U+FFFD, as reading the line as UTF-8 does', () => {
    const bytes = Buffer.concat([Buffer.from('a'), Buffer.from([0xe2, 0x82]), Buffer.from(String.raw`\n`), Buffer.from([0xff]), Buffer.from('b')]);
    for (let cut = 0; cut <= bytes.length; cut++) expect(decode(bytes, [cut]).text).toBe(parsed(bytes));
  });

  it('finds an invalid string invalid (raw control character, unknown escape, bad hex digit, cut-off escape) and still finds its end', () => {
    for (const inside of ['a\tb', 'a\u0000b', String.raw`a\xb`, String.raw`\u12g4`, String.raw`a\u12`, 'a\\']) {
      const bytes = Buffer.from(inside, 'utf8');
      expect(parsed(bytes)).toBeUndefined();
      const decoder = new LongStringDecoder();
      decoder.write(bytes, 0);
      expect(decoder.end(), JSON.stringify(inside)).toBeUndefined();
    }
    // The quote after a cut-short \u12 ends the string all the same.
    expect(decode(Buffer.from(String.raw`a\u12`), []).close).toBe(5);
  });

  it('hands a text of many pieces on as one string whose pieces can be taken, never joined', () => {
    const line = `${'the quick brown fox\\n'.repeat(200)}é`;
    const inside = Buffer.from(line.repeat(Math.ceil((3 * PIECE_BYTES) / line.length)), 'utf8');
    const { text } = decode(inside, [70_000, 1_500_001]);
    expect(text).toBe(parsed(inside));
    const pieces = takePieces(text!);
    expect(pieces!.length).toBeGreaterThan(2);
    expect(pieces!.join('')).toBe(text);
    // Taken once.
    expect(takePieces(text!)).toBeUndefined();
  });

  it('makes no garbage per escape: 8 MB of text with a \\n every 80 bytes decodes with next to nothing allocated in the young generation', async () => {
    const line = 'line 0000001: the quick brown fox jumps over the lazy dog, again and again.\\n';
    const bytes = Buffer.from(line.repeat(Math.ceil((8 * 1024 * 1024) / line.length)));
    let text: string | undefined;
    const young = await youngAllocationDuring(() => {
      const decoder = new LongStringDecoder();
      for (let offset = 0; offset < bytes.length; offset += 65_536) decoder.write(bytes.subarray(offset, Math.min(offset + 65_536, bytes.length)), 0);
      text = decoder.end();
    });
    expect(text).toBe(parsed(bytes));
    expect(young).toBeLessThan(1024 * 1024);
  });
});
