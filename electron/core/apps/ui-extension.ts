/**
 * Declares the MCP Apps extension in the client capabilities, so servers that only offer
 * their apps to hosts able to show them (getUiCapability) offer them to us.
 */
import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { APP_MIME_TYPE } from '../../../shared/api/apps';
import type { ClientFeature } from '../connections/client-feature';

const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

export function uiExtension(): ClientFeature {
  return {
    capabilities: () => ({ extensions: { [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } }) as ClientCapabilities,
    install: () => undefined,
  };
}
