/**
 * What the OAuth view and logs may show of an OAuth exchange: everything except the
 * credentials. Tokens, codes, verifiers, client secrets and assertions are masked
 * wherever they appear — JSON bodies, form bodies, query strings, headers.
 */
import { MASK } from '../secrets/secret-redactor';

/** Parameter and JSON field names whose values are credentials. */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code',
  'code_verifier',
  'assertion',
  'client_assertion',
  'subject_token',
  'actor_token',
  'registration_access_token',
  'password',
]);
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'dpop', 'proxy-authorization']);
const MAX_BODY_CHARS = 16 * 1024;

function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase());
}

/** `Bearer abc…` → `Bearer ••••••`; `Basic …` likewise. */
function maskHeaderValue(value: string): string {
  const scheme = /^(\w+)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

export function maskHeaders(headers: Headers | Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers ?? {});
  for (const [name, value] of entries) out[name.toLowerCase()] = SECRET_HEADERS.has(name.toLowerCase()) ? maskHeaderValue(value) : value;
  return out;
}

/** A URL with secret query parameters masked. */
export function maskUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return String(url);
  }
  parsed.username = parsed.password = '';
  for (const key of [...parsed.searchParams.keys()]) if (isSecretField(key)) parsed.searchParams.set(key, MASK);
  return parsed.href;
}

/** A JSON value with every secret field masked, at any depth. */
function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = isSecretField(key) && inner !== undefined && inner !== null ? MASK : maskJson(inner);
    return out;
  }
  return value;
}

/** A request or response body as text, masked according to what it is (JSON, a form, or neither). */
export function maskBody(text: string, contentType: string | null | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  let out = text;
  const trimmed = text.trim();
  if (type.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      out = JSON.stringify(maskJson(JSON.parse(text)), null, 2);
    } catch {
      // Not JSON after all: shown as it is, below.
    }
  } else if (type.includes('x-www-form-urlencoded') || /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(trimmed)) {
    const form = new URLSearchParams(trimmed);
    for (const key of [...form.keys()]) if (isSecretField(key)) form.set(key, MASK);
    out = [...form.entries()].map(([key, value]) => `${key}=${value}`).join('&');
  }
  return out.length > MAX_BODY_CHARS ? `${out.slice(0, MAX_BODY_CHARS)}\n… (${out.length - MAX_BODY_CHARS} more characters)` : out;
}

/** The credential values in a JSON object or form body, so a redactor can mask them elsewhere too. */
export function secretValuesIn(value: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, inner] of Object.entries(node)) {
        if (isSecretField(key) && typeof inner === 'string') found.push(inner);
        else visit(inner);
      }
    }
  };
  visit(value);
  return found;
}
