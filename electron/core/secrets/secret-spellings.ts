/**
 * The ways a secret value shows up in text besides itself, so each can be masked:
 * - the credential of an `Authorization`-style value (`Bearer T`, `Token T`, `Basic B`):
 *   a server echoes `T`, a user types it; for Basic also what `B` decodes to
 *   (`user:password`) and the password;
 * - JSON-escaped (a secret holding `"`, `\` or control characters never appears plain
 *   in a JSON message), once and twice (JSON text inside a JSON string, as tools return
 *   it), and with non-ASCII written as `\uXXXX` (Python's json.dumps does that);
 * - URL-encoded (`encodeURIComponent`, and form encoding with `+` for spaces);
 * - base64 and base64url: the whole value, and the part of it that stays the same
 *   wherever the value sits inside a longer base64 text (Basic auth's `user:password`).
 */

/** Shorter values would mask ordinary text; a secret that short protects nothing anyway. */
export const MIN_SECRET_LENGTH = 4;
/** A base64 fragment shorter than this could occur by chance in ordinary base64 data. */
const MIN_BASE64_FRAGMENT = 8;

const CREDENTIAL = /^\s*(bearer|basic|token)\s+(\S+)\s*$/i;

/** The value and the secrets inside it (the credential of `Bearer T`, …). */
export function secretParts(value: string): string[] {
  const parts = [value];
  const match = CREDENTIAL.exec(value);
  if (!match) return parts;
  const [, scheme, credential] = match as unknown as [string, string, string];
  parts.push(credential);
  if (scheme.toLowerCase() === 'basic') {
    const decoded = decodeBase64Text(credential);
    if (decoded?.includes(':')) parts.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
  }
  return parts.filter((part) => part.length >= MIN_SECRET_LENGTH);
}

/** Every spelling of `secret` to mask, itself included. */
export function spellingsOf(secret: string): string[] {
  const json = jsonEscape(secret);
  const forms = [
    secret,
    json,
    jsonEscape(json),
    asciiJsonEscape(secret),
    encodeURIComponent(secret),
    new URLSearchParams([['', secret]]).toString().slice(1),
    ...base64Spellings(Buffer.from(secret, 'utf8')),
  ];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function asciiJsonEscape(text: string): string {
  return jsonEscape(text).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The whole base64 (padded and not, standard and URL alphabet), and for each of the three
 * byte alignments the characters that depend on the secret's bytes alone: those occur in
 * the base64 of any text that contains the secret.
 */
function base64Spellings(bytes: Buffer): string[] {
  const whole = bytes.toString('base64');
  const out = [whole, whole.replace(/=+$/, '')];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters fully inside the secret's bits: from ceil(8·offset/6) to floor(8·(offset+n)/6).
    const fragment = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (fragment.length >= MIN_BASE64_FRAGMENT) out.push(fragment);
  }
  return out.flatMap((form) => [form, toBase64Url(form)]);
}

function toBase64Url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text a base64 value decodes to, when it is one and decodes to printable UTF-8. */
function decodeBase64Text(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const text = Buffer.from(value, 'base64').toString('utf8');
  // Control characters or replacement characters: not text, so not `user:password`.
  // eslint-disable-next-line no-control-regex -- looking for exactly those
  return /[\u0000-\u001f\ufffd]/.test(text) ? undefined : text;
}
