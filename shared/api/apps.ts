/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): reading a tool's `ui://` app,
 * where the sandbox that shows it lives, and saving a file an app offers.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ChannelTable } from './channel-table';
import { UriSchema } from './resources';
import type { SaveAsResult } from './results';

/** The MIME type of an app's HTML (`text/html;profile=mcp-app`). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The origins an app may reach (`_meta.ui.csp`); each entry is an origin such as `https://api.example.com`. */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** What an app asks to use (`_meta.ui.permissions`); granted only after the user agrees. */
export interface AppPermissions {
  camera?: boolean;
  microphone?: boolean;
  geolocation?: boolean;
  clipboardWrite?: boolean;
}

export const APP_PERMISSION_NAMES = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const satisfies readonly (keyof AppPermissions)[];

export interface AppResource {
  uri: string;
  html: string;
  csp: AppCsp;
  permissions: AppPermissions;
  prefersBorder?: boolean;
}

export interface AppSandboxInfo {
  /** The sandbox proxy page, on an origin of its own; absent where apps cannot be shown (the CLI). */
  url?: string;
  /** Why `url` is absent. */
  reason?: string;
}

interface SaveAppDownloadRequest {
  name: string;
  mimeType?: string;
  /** The file's bytes, base64. */
  base64: string;
}

/** The largest file an app may hand over for saving. */
const MAX_APP_DOWNLOAD_BASE64 = 48 * 1024 * 1024;

export interface AppsApi {
  /** Reads the `ui://` resource of a tool's app (resources/read), with its CSP and permissions. */
  readAppResource(request: { server: ServerName; uri: string }): Promise<AppResource>;
  /** Where apps are shown: the sandbox proxy page's URL. */
  getAppSandbox(): Promise<AppSandboxInfo>;
  /** Asks where to save a file an app offers. "unsupported" (browser mode): the page downloads it. */
  saveAppDownload(request: SaveAppDownloadRequest): Promise<SaveAsResult>;
}

export const appsChannels: ChannelTable<AppsApi> = {
  readAppResource: { channel: 'apps:read-resource', request: z.strictObject({ server: ServerNameSchema, uri: UriSchema.startsWith('ui://') }) },
  getAppSandbox: { channel: 'apps:sandbox', request: z.undefined() },
  saveAppDownload: {
    channel: 'apps:save-download',
    request: z.strictObject({
      name: z.string().min(1).max(255),
      mimeType: z.string().max(255).optional(),
      base64: z.string().max(MAX_APP_DOWNLOAD_BASE64).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64'),
    }),
  },
};
