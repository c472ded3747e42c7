/** Comparing authorization server issuer identifiers. */

/** Whether two issuers name the same authorization server (one trailing slash of difference is tolerated, as the SDK does). */
export function sameIssuer(a: string, b: string): boolean {
  const strip = (value: string) => value.replace(/\/$/, '');
  try {
    return strip(new URL(a).href) === strip(new URL(b).href);
  } catch {
    return strip(a) === strip(b);
  }
}
