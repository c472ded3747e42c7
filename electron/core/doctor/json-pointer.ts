/** JSON pointers (RFC 6901) for findings: where in a tool definition the problem is. */
export function pointer(...segments: Array<string | number>): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
