/**
 * The start of a long text as a string of its own. A plain slice would share the whole
 * text's memory (V8 keeps a slice as a view of its parent), so one 20 MB message would
 * stay in memory for as long as its cut entry is kept.
 */
export function detachedHead(text: string, chars: number): string {
  return Buffer.from(text.slice(0, chars), 'utf8').toString('utf8');
}
