/**
 * Which URLs may leave the app for the user's browser: `http:` or `https:` URLs that
 * parse cleanly, nothing else. The OS would run `file:` paths, `smb:` shares and every
 * registered app scheme, so the Electron shell, the core (URL elicitation, resource
 * links) and the renderer all apply this one rule.
 */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);
/** Longer than any real link; keeps a pathological string away from the OS. */
const MAX_URL_LENGTH = 8 * 1024;

export type ExternalUrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

export function checkExternalUrl(url: unknown): ExternalUrlVerdict {
  if (typeof url !== 'string') return { ok: false, reason: 'not a string' };
  if (url.length > MAX_URL_LENGTH) return { ok: false, reason: `longer than ${MAX_URL_LENGTH} characters` };
  // The URL parser silently drops tabs and newlines and trims spaces and control
  // characters: a URL that needs such repair did not parse cleanly.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return { ok: false, reason: 'contains whitespace or control characters' };
  // Backslashes are rewritten to slashes in http(s) URLs: another silent repair.
  if (url.includes('\\')) return { ok: false, reason: 'contains a backslash' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) return { ok: false, reason: `${parsed.protocol} URLs are not opened, only http: and https:` };
  // "https:host" and "https:///host" parse as https://host/ after repair; only the
  // plain form counts, so what is opened is what was written.
  if (!/^https?:\/\/[^/]/i.test(url) || !parsed.hostname) return { ok: false, reason: 'not of the form http(s)://host/…' };
  // https://trusted.example@evil.example/ reads as the first host and goes to the second.
  if (parsed.username || parsed.password) return { ok: false, reason: 'contains a user name or password' };
  return { ok: true, url: parsed.href };
}

