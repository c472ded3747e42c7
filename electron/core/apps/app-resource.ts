/**
 * Reads a tool's app: the `ui://` resource (resources/read) whose content is HTML of type
 * `text/html;profile=mcp-app`, and its `_meta.ui` (csp, permissions, prefersBorder). The
 * CSP origins are checked here, so nothing that could break out of a directive (a `;`,
 * a quote, a space, a keyword) ever reaches the sandbox's policy.
 */
import { APP_MIME_TYPE, APP_PERMISSION_NAMES, type AppCsp, type AppPermissions, type AppResource } from '../../../shared/api/apps';
import { failure } from '../../../shared/errors';

/** `scheme://host[:port]`, the host possibly `*.`-prefixed: what a CSP source list may hold, and nothing more. */
const CSP_ORIGIN = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:(\d{1,5}|\*))?$/;
const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

interface WireContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: unknown;
}

export function appResourceOf(uri: string, contents: readonly WireContents[]): AppResource {
  const content = contents.find((item) => item.uri === uri) ?? contents[0];
  if (!content) throw failure('invalid-input', `${uri} has no content.`);
  if (normalizeMime(content.mimeType) !== APP_MIME_TYPE) {
    throw failure('invalid-input', `${uri} is ${content.mimeType ?? 'of no stated type'}, not an app (${APP_MIME_TYPE}).`);
  }
  const html = typeof content.text === 'string' ? content.text : typeof content.blob === 'string' ? Buffer.from(content.blob, 'base64').toString('utf8') : undefined;
  if (html === undefined) throw failure('invalid-input', `${uri} holds neither text nor a blob.`);
  const ui = record(record(content._meta).ui);
  return {
    uri: content.uri,
    html,
    csp: cspOf(ui.csp),
    permissions: permissionsOf(ui.permissions),
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
  };
}

/** Only clean origins survive; anything else is dropped, never passed on. */
export function cspOf(value: unknown): AppCsp {
  const given = record(value);
  const csp: AppCsp = {};
  for (const key of CSP_KEYS) {
    const list = Array.isArray(given[key]) ? (given[key] as unknown[]).filter((entry): entry is string => typeof entry === 'string' && CSP_ORIGIN.test(entry)) : [];
    if (list.length > 0) csp[key] = [...new Set(list)];
  }
  return csp;
}

function permissionsOf(value: unknown): AppPermissions {
  const given = record(value);
  const permissions: AppPermissions = {};
  // The spec writes each as an empty object ({}); true is accepted too.
  for (const name of APP_PERMISSION_NAMES) if (given[name] === true || (typeof given[name] === 'object' && given[name] !== null)) permissions[name] = true;
  return permissions;
}

function normalizeMime(mime: string | undefined): string | undefined {
  return mime?.toLowerCase().replace(/\s+/g, '');
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
